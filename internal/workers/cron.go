package workers

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// Cron runs pg_cron's jobs: each second it reads the active jobs of
// cron.job and starts the due ones, each in its own session as the job's
// user, never two runs of one job at once; every run is a row of
// cron.job_run_details (running, then succeeded or failed with the
// command's tag or error).
type Cron struct {
	Engine *engine.Engine
	Now    func() time.Time // time.Now when nil

	mu      sync.Mutex
	running map[int64]bool
	last    map[int64]time.Time // a job's last start (its minute, for cron schedules)
	booted  bool
	wg      sync.WaitGroup
}

// Run schedules until ctx ends, then waits for running jobs.
func (c *Cron) Run(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		c.Tick(ctx)
		select {
		case <-ctx.Done():
			c.wg.Wait()
			return
		case <-t.C:
		}
	}
}

func (c *Cron) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

type cronJob struct {
	id                      int64
	schedule, command, user string
}

// Tick starts the jobs due now. Errors reading cron.job (the extension
// not installed, say) mean there is nothing to run.
func (c *Cron) Tick(ctx context.Context) {
	jobs, err := c.jobs(ctx)
	if err != nil {
		return
	}
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running == nil {
		c.running, c.last = map[int64]bool{}, map[int64]time.Time{}
	}
	boot := !c.booted
	c.booted = true
	for _, j := range jobs {
		s, err := ParseSchedule(j.schedule)
		if err != nil || c.running[j.id] {
			continue
		}
		due := false
		switch {
		case s.Reboot:
			due = boot
		case s.Every > 0:
			last, ok := c.last[j.id]
			due = !ok || now.Sub(last) >= s.Every
		default:
			minute := now.Truncate(time.Minute)
			due = s.Matches(now) && !c.last[j.id].Equal(minute)
			if due {
				now = minute
			}
		}
		if !due {
			continue
		}
		c.last[j.id] = now
		c.running[j.id] = true
		c.wg.Add(1)
		go func(j cronJob) {
			defer c.wg.Done()
			c.runJob(ctx, j)
			c.mu.Lock()
			delete(c.running, j.id)
			c.mu.Unlock()
		}(j)
		now = c.now()
	}
}

func (c *Cron) jobs(ctx context.Context) ([]cronJob, error) {
	s, err := c.Engine.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	rows, err := s.Query(ctx, `select jobid, schedule, command, username from cron.job where active and database = current_database() order by jobid`)
	if err != nil {
		return nil, err
	}
	text, err := rows.TextRows()
	if err != nil {
		return nil, err
	}
	var jobs []cronJob
	for _, r := range text {
		if r[0] == nil || r[1] == nil || r[2] == nil || r[3] == nil {
			continue
		}
		id, err := strconv.ParseInt(*r[0], 10, 64)
		if err != nil {
			continue
		}
		jobs = append(jobs, cronJob{id: id, schedule: *r[1], command: *r[2], user: *r[3]})
	}
	return jobs, nil
}

// runJob records the run, runs the command as the job's user and
// records how it ended.
func (c *Cron) runJob(ctx context.Context, j cronJob) {
	admin, err := c.Engine.Connect(engine.SessionOptions{})
	if err != nil {
		return
	}
	defer admin.Close()
	runID, err := scalar(ctx, admin, `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, start_time)
		values ($1, $2, current_database(), $3, $4, 'running', now()) returning runid`, j.id, int64(admin.PID()), j.user, j.command)
	if err != nil {
		return
	}
	status, message := "succeeded", ""
	s, err := c.Engine.Connect(engine.SessionOptions{User: j.user})
	if err == nil {
		var res []engine.Result
		res, err = s.Exec(ctx, j.command)
		if err == nil && len(res) > 0 {
			message = res[len(res)-1].Tag
		}
		s.Close()
	}
	if err != nil {
		status, message = "failed", errorText(err)
	}
	_, _ = scalar(context.WithoutCancel(ctx), admin, `update cron.job_run_details set status = $1, return_message = $2, end_time = now()
		where runid = $3::bigint returning runid`, status, message, runID)
}

func errorText(err error) string {
	var pe *engine.Error
	if errors.As(err, &pe) {
		return "ERROR:  " + pe.Message
	}
	return err.Error()
}

// scalar runs one statement and returns its first column of its first
// row as text ("" when there is none).
func scalar(ctx context.Context, s *engine.Session, sql string, args ...any) (string, error) {
	rows, err := s.Query(ctx, sql, args...)
	if err != nil {
		return "", err
	}
	text, err := rows.TextRows()
	if err != nil || len(text) == 0 || len(text[0]) == 0 || text[0][0] == nil {
		return "", err
	}
	return *text[0][0], nil
}
