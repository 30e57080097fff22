// Command ferretdb-local runs FerretDB v1 for local development and tests, on
// PostgreSQL (the default of the dev stack) or on SQLite files. It wraps the
// embeddable package because a plain `go install .../cmd/ferretdb` build
// panics at start: its generated build/version/version.txt is not part of the
// module zip.
//
// On PostgreSQL, clients authenticate with the PLAIN mechanism and FerretDB
// opens PostgreSQL connections with their username and password, so a
// PostgreSQL role per service that owns only its own schema (FerretDB
// database) limits each service to its own database. Two things make that
// hold, both done here:
//   - A client that does not authenticate gets FerretDB's base URI, which
//     names a role without a password: every command it sends fails.
//   - FerretDB lists databases once, on the first command, with the
//     credentials of whoever sent it, and keeps that list; a service role
//     sees only its own schema, so after a restart the first service to
//     connect would hide every other database from FerretDB for good. The
//     wrapper therefore sends a ping with the administrator's credentials
//     before it accepts any client.
//
// It also puts a small proxy in front of FerretDB that serialises, per
// database, every command that may change documents. FerretDB v1 applies an
// update as "find, change in Go, write back" without holding a lock across the
// steps, so concurrent updates of one document lose writes and conditional
// updates (compare-and-swap) can both succeed: measured here, 50 concurrent
// $inc on one document left it at 8. MongoDB makes every single-document write
// atomic, and our code relies on that; running the writes of each database one
// at a time gives local runs and tests the same guarantee. Commands that only
// read (find, aggregate without $out or $merge, getMore, count...) hold the
// database's lock shared: they run side by side, never beside a write of their
// database, so none sees a write half done. Different databases (services,
// test files) never wait for each other. `--serialise all` runs reads one at
// a time too, as this proxy once did, for comparing the two.
package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"io"
	"log"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// postgresqlURLEnv names the variable that holds the PostgreSQL URL with the
// administrator's credentials (an environment variable, so the password is
// not on the command line that `ps` shows).
const postgresqlURLEnv = "FERRETDB_POSTGRESQL_URL"

func main() {
	listen := flag.String("listen-addr", "127.0.0.1:27117", "TCP address to listen on")
	serialise := flag.String("serialise", "writes", "what runs one command at a time per database: writes (reads side by side) or all")
	dir := flag.String("sqlite-dir", "", "directory for the SQLite databases; without it, PostgreSQL at $"+postgresqlURLEnv)
	flag.Parse()
	pgURL := os.Getenv(postgresqlURLEnv)
	if (*dir == "") == (pgURL == "") {
		log.Fatalf("give either --sqlite-dir or $%s", postgresqlURLEnv)
	}
	if *serialise != "writes" && *serialise != "all" {
		log.Fatalf("--serialise must be writes or all, got %q", *serialise)
	}

	// Errors only: the dev stack prefixes and shows this output.
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))

	// FerretDB itself listens on a free loopback port that only the proxy uses.
	// The embeddable package keeps no state file and never reports telemetry.
	config := &ferretdb.Config{Listener: ferretdb.ListenerConfig{TCP: "127.0.0.1:0"}, Logger: logger}
	var admin *url.Userinfo
	if pgURL != "" {
		u, err := url.Parse(pgURL)
		if err != nil || u.User == nil {
			log.Fatalf("$%s must be a postgres:// URL with the administrator's user and password", postgresqlURLEnv)
		}
		admin = u.User
		u.User = url.User("unauthenticated")
		config.Handler, config.PostgreSQLURL = "postgresql", u.String()
	} else {
		if err := os.MkdirAll(*dir, 0o755); err != nil {
			log.Fatal(err)
		}
		// WAL without an fsync per commit: safe when a process dies, not when the machine does,
		// which is the right trade for a local and test store (fsync made every write wait ~10 ms).
		config.Handler, config.SQLiteURL = "sqlite", "file:"+*dir+"/?_pragma=synchronous(normal)"
	}
	f, err := ferretdb.New(config)
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- f.Run(ctx) }()

	uri, err := url.Parse(f.MongoDBURI())
	if err != nil {
		log.Fatal(err)
	}
	if admin != nil {
		if err := loadDatabaseList(ctx, f.MongoDBURI(), admin); err != nil {
			log.Fatalf("FerretDB did not answer the administrator: %v", err)
		}
	}

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatal(err)
	}
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	go serve(ln, uri.Host, *serialise == "writes")

	if err := <-done; err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}

// loadDatabaseList pings FerretDB as the administrator, which makes it load
// its list of every database with the administrator's rights.
func loadDatabaseList(ctx context.Context, uri string, admin *url.Userinfo) error {
	password, _ := admin.Password()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	client, err := mongo.Connect(ctx, options.Client().ApplyURI(uri).SetAuth(options.Credential{
		AuthMechanism: "PLAIN",
		AuthSource:    "$external",
		Username:      admin.Username(),
		Password:      password,
	}))
	if err != nil {
		return err
	}
	defer client.Disconnect(context.Background())
	return client.Database("admin").RunCommand(ctx, bson.D{{Key: "ping", Value: 1}}).Err()
}

// serve accepts client connections and relays each to its own backend
// connection, holding its database's lock from a request until its reply.
func serve(ln net.Listener, backend string, readsShared bool) {
	locks := &dbLocks{byName: map[string]*sync.RWMutex{}}
	for {
		client, err := ln.Accept()
		if err != nil {
			return
		}
		go relay(client, backend, locks, readsShared)
	}
}

type dbLocks struct {
	mu     sync.Mutex
	byName map[string]*sync.RWMutex
}

func (l *dbLocks) get(db string) *sync.RWMutex {
	l.mu.Lock()
	defer l.mu.Unlock()
	m, ok := l.byName[db]
	if !ok {
		m = &sync.RWMutex{}
		l.byName[db] = m
	}
	return m
}

const (
	opMsg      = 2013
	moreToCome = 1 << 1 // OP_MSG flag: the sender expects no reply
)

func relay(client net.Conn, backendAddr string, locks *dbLocks, readsShared bool) {
	defer client.Close()
	backend, err := net.Dial("tcp", backendAddr)
	if err != nil {
		return
	}
	defer backend.Close()
	for {
		req, err := readMessage(client)
		if err != nil {
			return
		}
		expectReply := !(binary.LittleEndian.Uint32(req[12:16]) == opMsg && binary.LittleEndian.Uint32(req[16:20])&moreToCome != 0)
		cmd := commandOf(req)
		mu := locks.get(cmd.db)
		// Go's RWMutex lets no new reader in once a writer waits, so a stream of reads never starves a write.
		lock, unlock := mu.Lock, mu.Unlock
		if readsShared && cmd.readOnly() {
			lock, unlock = mu.RLock, mu.RUnlock
		}
		var reply []byte
		lock()
		_, err = backend.Write(req)
		if err == nil && expectReply {
			reply, err = readMessage(backend)
		}
		unlock()
		if err != nil {
			return
		}
		if expectReply {
			if _, err := client.Write(reply); err != nil {
				return
			}
		}
	}
}

// readOnlyCommands change no document: they may run side by side. Anything
// not named here (every write, index and collection change, and commands this
// list does not know) runs alone in its database.
var readOnlyCommands = map[string]bool{
	"find": true, "getMore": true, "killCursors": true, "count": true, "distinct": true,
	"listIndexes": true, "listCollections": true, "listDatabases": true, "dbStats": true, "collStats": true,
	"dataSize": true, "explain": true, "ping": true, "hello": true, "isMaster": true, "ismaster": true,
	"buildInfo": true, "buildinfo": true, "getParameter": true, "connectionStatus": true, "saslStart": true,
	"saslContinue": true, "endSessions": true, "serverStatus": true, "hostInfo": true, "whatsmyuri": true,
	"getCmdLineOpts": true, "getLog": true,
}

// command is what the proxy needs to know of a request: its database, its
// name (the body's first field) and the body itself.
type command struct {
	db, name string
	body     []byte
}

// readOnly tells whether the command only reads. An aggregate reads unless its
// pipeline writes: any `$out` or `$merge` in the body (a field name or a
// string) counts as one, which may only serialise a read that did not need it.
func (c command) readOnly() bool {
	if c.name == "aggregate" {
		return !bytes.Contains(c.body, []byte("$out\x00")) && !bytes.Contains(c.body, []byte("$merge\x00"))
	}
	return readOnlyCommands[c.name]
}

// commandOf reads an OP_MSG command's body (its kind-0 section): the `$db`
// field and the command's name. Anything it cannot read is a command without
// a name (never read-only) in the database of the empty name.
func commandOf(msg []byte) command {
	if binary.LittleEndian.Uint32(msg[12:16]) != opMsg {
		return command{}
	}
	// Sections follow the flag bits; the body section is kind 0 and comes first in practice,
	// but kind-1 sequences may precede it.
	for p := 20; p < len(msg); {
		kind := msg[p]
		p++
		if p+4 > len(msg) {
			return command{}
		}
		size := int(binary.LittleEndian.Uint32(msg[p : p+4]))
		if size < 5 || p+size > len(msg) {
			return command{}
		}
		if kind == 0 {
			body := msg[p : p+size]
			return command{db: stringField(body, "$db"), name: firstFieldName(body), body: body}
		}
		p += size
	}
	return command{}
}

// firstFieldName is the name of a BSON document's first field, or "".
func firstFieldName(doc []byte) string {
	if len(doc) < 6 {
		return ""
	}
	if end := bytes.IndexByte(doc[5:], 0); end >= 0 {
		return string(doc[5 : 5+end])
	}
	return ""
}

// readMessage reads one wire-protocol message: a 16-byte header whose first
// field is the whole message's length, then the rest.
func readMessage(r io.Reader) ([]byte, error) {
	var header [16]byte
	if _, err := io.ReadFull(r, header[:]); err != nil {
		return nil, err
	}
	n := binary.LittleEndian.Uint32(header[:4])
	if n < 20 || n > 48<<20 {
		return nil, errors.New("bad message length")
	}
	msg := make([]byte, n)
	copy(msg, header[:])
	if _, err := io.ReadFull(r, msg[16:]); err != nil {
		return nil, err
	}
	return msg, nil
}

// stringField finds a top-level string field in one BSON document.
func stringField(doc []byte, name string) string {
	for p := 4; p < len(doc)-1; {
		typ := doc[p]
		p++
		end := p
		for end < len(doc) && doc[end] != 0 {
			end++
		}
		if end >= len(doc) {
			return ""
		}
		key := string(doc[p:end])
		p = end + 1
		n := valueSize(typ, doc[p:])
		if n < 0 || p+n > len(doc) {
			return ""
		}
		if key == name && typ == 0x02 && n >= 5 {
			return string(doc[p+4 : p+n-1])
		}
		p += n
	}
	return ""
}

// valueSize is the encoded size of a BSON value of type typ at the start of b, or -1.
func valueSize(typ byte, b []byte) int {
	i32 := func() int {
		if len(b) < 4 {
			return -1
		}
		return int(binary.LittleEndian.Uint32(b[:4]))
	}
	switch typ {
	case 0x01, 0x09, 0x11, 0x12: // double, datetime, timestamp, int64
		return 8
	case 0x02, 0x0D, 0x0E: // string, code, symbol
		if n := i32(); n >= 0 {
			return 4 + n
		}
		return -1
	case 0x03, 0x04, 0x0F: // document, array, code with scope
		return i32()
	case 0x05: // binary
		if n := i32(); n >= 0 {
			return 5 + n
		}
		return -1
	case 0x06, 0x0A, 0x7F, 0xFF: // undefined, null, maxkey, minkey
		return 0
	case 0x07: // ObjectId
		return 12
	case 0x08: // bool
		return 1
	case 0x10: // int32
		return 4
	case 0x13: // decimal128
		return 16
	case 0x0B: // regex: two C strings
		first := 0
		for first < len(b) && b[first] != 0 {
			first++
		}
		second := first + 1
		for second < len(b) && b[second] != 0 {
			second++
		}
		if second >= len(b) {
			return -1
		}
		return second + 1
	default:
		return -1
	}
}
