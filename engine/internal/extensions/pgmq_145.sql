-- pgmq 1.4.4 to 1.4.5: purge_queue counts the queue's messages and then
-- empties the table with TRUNCATE.
CREATE OR REPLACE FUNCTION pgmq.purge_queue(queue_name text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
  n bigint;
BEGIN
  EXECUTE format('SELECT count(*) FROM pgmq.%I', qtable) INTO n;
  EXECUTE format('TRUNCATE TABLE pgmq.%I', qtable);
  RETURN n;
END
$$;
