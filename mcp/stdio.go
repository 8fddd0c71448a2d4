package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxMessageBytes bounds one JSON-RPC message read from stdio.
const MaxMessageBytes = 16 << 20

// StdioTransport is the SDK's newline-delimited JSON-RPC transport over r
// and w, with one difference: a line that is not a JSON-RPC message (bad
// JSON, a batch, a message over MaxMessageBytes) is answered with a
// JSON-RPC error (-32700 parse error, -32600 invalid request) and skipped,
// where the SDK would end the session. An agent's bad write must not take
// the server down.
func StdioTransport(r io.Reader, w io.Writer) sdk.Transport {
	pr, pw := io.Pipe()
	sw := &syncWriter{w: w}
	go filterMessages(r, pw, sw)
	return &sdk.IOTransport{Reader: pr, Writer: sw}
}

// syncWriter serialises the SDK's writes (one message per Write) and the
// filter's error replies.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func (s *syncWriter) Close() error { return nil }

func filterMessages(r io.Reader, pw *io.PipeWriter, reply io.Writer) {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, tooLong, err := readLine(br)
		if tooLong {
			writeRPCError(reply, nil, -32600, "Invalid Request: message longer than the limit")
		} else if msg := bytes.TrimSpace(line); len(msg) > 0 {
			if code, text := checkMessage(msg); code != 0 {
				writeRPCError(reply, requestID(msg), code, text)
			} else if _, werr := pw.Write(append(msg, '\n')); werr != nil {
				return
			}
		}
		if err != nil {
			pw.CloseWithError(err)
			return
		}
	}
}

// readLine reads one line, dropping the rest of one over MaxMessageBytes.
func readLine(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > MaxMessageBytes {
			tooLong = true
			line = nil
		} else if !tooLong {
			line = append(line, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return line, tooLong, err
	}
}

// checkMessage returns a JSON-RPC error code for a line the SDK would
// choke on.
func checkMessage(msg []byte) (int, string) {
	if !json.Valid(msg) {
		return -32700, "Parse error"
	}
	if msg[0] == '[' {
		return -32600, "Invalid Request: batches are not supported"
	}
	if _, err := jsonrpc.DecodeMessage(msg); err != nil {
		return -32600, "Invalid Request: " + err.Error()
	}
	return 0, ""
}

// requestID is the id of a request that is valid JSON, or nil.
func requestID(msg []byte) json.RawMessage {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(msg, &m) != nil || len(m.ID) == 0 {
		return nil
	}
	switch m.ID[0] {
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return m.ID
	}
	return nil
}

func writeRPCError(w io.Writer, id json.RawMessage, code int, message string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": message}})
	_, _ = w.Write(append(b, '\n'))
}
