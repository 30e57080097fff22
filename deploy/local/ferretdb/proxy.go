package main

import (
	"context"
	"net"
	"time"
)

// The proxy in front of FerretDB: it relays each client connection to a
// backend connection of its own and holds a lock from each request until its
// reply. Each database has a lock, and each of its collections one too:
//   - a write of one collection holds the database's lock shared and the
//     collection's alone: the writes of one collection run one at a time,
//     while other collections go on;
//   - a read holds the database's lock shared, so reads run side by side and
//     beside writes: PostgreSQL (or SQLite) gives each statement committed
//     rows only, so a read sees a document before a write or after it, never
//     half of it, as on MongoDB;
//   - anything else (a command over several collections, or one this proxy
//     does not know) holds the database's lock alone.
//
// Per collection is enough because FerretDB v1 keeps each collection in a
// table of its own and changes its own catalogue under a lock of its own; what
// it lacks is a lock across the "find, change in Go, write back" of an update,
// and that touches one table. With `serialiseAll`, every command holds its
// database's lock alone, as this proxy once did (for comparison).
//
// No command holds its locks for ever: each has a deadline (its `maxTimeMS`, or
// the proxy's default), and a command whose client went away ends at once.
// Either way the proxy closes the command's backend connection and lets its
// locks go; a client whose deadline passed is answered with MongoDB's
// MaxTimeMSExpired (code 50), and its next command goes over a new backend
// connection, logged in again as the client had. FerretDB cannot be told to
// stop a command, so one it is still running may finish after its locks went:
// as on MongoDB, a write that ran out of time may or may not have happened,
// and here it may also race a write that came after it. Deadlines exist for a
// store that is stuck, far above any command's normal time.
// Handshake, login and monitoring commands (`lockFree`) take no lock.

// access says which locks a command holds.
type access int

const (
	readCollection access = iota
	writeCollection
	wholeDatabase
)

const (
	opMsg      = 2013
	moreToCome = 1 << 1 // OP_MSG flag: the sender expects no reply
)

// proxyOptions are the proxy's settings.
type proxyOptions struct {
	backend        string        // FerretDB's own address
	serialiseAll   bool          // every command holds its database alone
	commandTimeout time.Duration // the deadline of a command that brings no maxTimeMS
}

// serve accepts client connections and relays each to its own backend connection.
func serve(ln net.Listener, opts proxyOptions) {
	locks := newStoreLocks()
	for {
		client, err := ln.Accept()
		if err != nil {
			return
		}
		go (&session{client: client, locks: locks, opts: opts}).run()
	}
}

// session relays one client connection.
type session struct {
	client net.Conn
	// backend is the client's FerretDB connection; nil once a command was abandoned on it, until
	// the next command dials a new one.
	backend net.Conn
	// login is the client's authentication (its saslStart and what followed), said again on a new
	// backend connection, so that the client stays who it logged in as.
	login [][]byte
	locks *storeLocks
	opts  proxyOptions
}

func (s *session) run() {
	defer s.client.Close()
	defer func() {
		if s.backend != nil {
			s.backend.Close()
		}
	}()
	var err error
	if s.backend, err = net.Dial("tcp", s.opts.backend); err != nil {
		return
	}
	// The client's requests are read ahead, so that a client that goes away mid-command is
	// noticed (connected ends) while its command still waits.
	connected, gone := context.WithCancel(context.Background())
	defer gone()
	requests := make(chan []byte)
	go func() {
		defer gone()
		for {
			msg, err := readMessage(s.client)
			if err != nil {
				return
			}
			select {
			case requests <- msg:
			case <-connected.Done():
				return
			}
		}
	}()
	for {
		select {
		case <-connected.Done():
			return
		case req := <-requests:
			if !s.handle(connected, req) {
				return
			}
		}
	}
}

// handle relays one request and its reply; false ends the session.
func (s *session) handle(connected context.Context, req []byte) bool {
	cmd := commandOf(req)
	deadline := cmd.deadline(s.opts.commandTimeout)
	ctx, cancel := context.WithTimeout(connected, deadline)
	defer cancel()
	reply, err := s.exchange(ctx, cmd, req)
	switch {
	case err == nil && reply == nil: // moreToCome: no reply
		return true
	case err == nil:
		_, err = s.client.Write(reply)
		return err == nil
	case connected.Err() != nil: // the client went away
		return false
	case ctx.Err() != nil && expectsReply(req) && isOpMsg(req):
		_, err = s.client.Write(maxTimeExpired(req, deadline))
		return err == nil
	case ctx.Err() != nil && !expectsReply(req):
		return true
	default: // the backend failed, or a legacy request ran out of time: the client sees its connection close
		return false
	}
}

type roundTripResult struct {
	reply []byte
	err   error
}

// exchange sends one request to the backend under the locks it needs and returns the reply (nil
// when none is expected), or ctx's error once the deadline passed or the client went away.
func (s *session) exchange(ctx context.Context, cmd command, req []byte) ([]byte, error) {
	if !lockFree[cmd.name] {
		release, err := s.locks.hold(ctx, cmd, s.opts.serialiseAll)
		if err != nil {
			return nil, err
		}
		defer release()
	}
	if s.backend == nil {
		if err := s.reconnect(ctx); err != nil {
			return nil, err
		}
	}
	backend := s.backend
	done := make(chan roundTripResult, 1)
	go func() {
		var r roundTripResult
		if statements := splitStatements(req, cmd); statements != nil {
			r.reply, r.err = runStatements(req, statements, ordered(cmd), func(statement []byte) ([]byte, error) { return roundTrip(backend, statement) })
		} else {
			r.reply, r.err = roundTrip(backend, req)
		}
		done <- r
	}()
	var r roundTripResult
	select {
	case r = <-done:
	case <-ctx.Done():
		// Nothing tells FerretDB to stop; closing the connection sends its reply nowhere.
		backend.Close()
		s.backend = nil
		if r = <-done; r.err != nil {
			return nil, ctx.Err()
		}
		// The reply had come after all.
	}
	if r.err != nil {
		return nil, r.err
	}
	switch cmd.name {
	case "saslStart", "authenticate":
		s.login = [][]byte{req}
	case "saslContinue":
		s.login = append(s.login, req)
	case "logout":
		s.login = nil
	}
	return r.reply, nil
}

// reconnect dials a new backend connection and logs in on it as the client did.
func (s *session) reconnect(ctx context.Context) error {
	var dialer net.Dialer
	backend, err := dialer.DialContext(ctx, "tcp", s.opts.backend)
	if err != nil {
		return err
	}
	if deadline, ok := ctx.Deadline(); ok {
		backend.SetDeadline(deadline)
	}
	for _, req := range s.login {
		if _, err := roundTrip(backend, req); err != nil {
			backend.Close()
			return err
		}
	}
	backend.SetDeadline(time.Time{})
	s.backend = backend
	return nil
}

// roundTrip writes a request and reads its reply, if one is expected.
func roundTrip(backend net.Conn, req []byte) ([]byte, error) {
	if _, err := backend.Write(req); err != nil || !expectsReply(req) {
		return nil, err
	}
	return readMessage(backend)
}
