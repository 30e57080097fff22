package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"sync"
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

// access says which locks a command holds.
type access int

const (
	readCollection access = iota
	writeCollection
	wholeDatabase
)

// serve accepts client connections and relays each to its own backend connection.
func serve(ln net.Listener, backend string, serialiseAll bool) {
	locks := &storeLocks{byName: map[string]*sync.RWMutex{}}
	for {
		client, err := ln.Accept()
		if err != nil {
			return
		}
		go relay(client, backend, locks, serialiseAll)
	}
}

// storeLocks are the locks of databases and collections, made when first used.
type storeLocks struct {
	mu     sync.Mutex
	byName map[string]*sync.RWMutex
}

func (l *storeLocks) get(name string) *sync.RWMutex {
	l.mu.Lock()
	defer l.mu.Unlock()
	m, ok := l.byName[name]
	if !ok {
		m = &sync.RWMutex{}
		l.byName[name] = m
	}
	return m
}

// hold takes the locks `cmd` needs, database first, and returns what releases them.
// Go's RWMutex lets no shared holder in once an exclusive one waits, so a stream of reads and
// writes never starves a command that needs its whole database.
func (l *storeLocks) hold(cmd command, serialiseAll bool) (release func()) {
	// A NUL cannot be part of a database's name: "db\x00" names no database, only collections' locks.
	db := l.get(cmd.db)
	how := cmd.access()
	if serialiseAll || how == wholeDatabase {
		db.Lock()
		return db.Unlock
	}
	db.RLock()
	if how == readCollection {
		return db.RUnlock
	}
	coll := l.get(cmd.db + "\x00" + cmd.collection)
	coll.Lock()
	return func() { coll.Unlock(); db.RUnlock() }
}

const (
	opMsg      = 2013
	moreToCome = 1 << 1 // OP_MSG flag: the sender expects no reply
)

func relay(client net.Conn, backendAddr string, locks *storeLocks, serialiseAll bool) {
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
		var reply []byte
		release := locks.hold(commandOf(req), serialiseAll)
		_, err = backend.Write(req)
		if err == nil && expectReply {
			reply, err = readMessage(backend)
		}
		release()
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

// collectionReads and collectionWrites name the commands on one collection,
// the collection's name being the value of their first field (getMore's is
// in `collection`). A command named in neither holds its whole database.
var (
	collectionReads = map[string]bool{
		"find": true, "aggregate": true, "count": true, "distinct": true, "getMore": true,
		"killCursors": true, "listIndexes": true, "collStats": true,
	}
	collectionWrites = map[string]bool{
		"insert": true, "update": true, "delete": true, "findAndModify": true,
		"create": true, "drop": true, "createIndexes": true, "dropIndexes": true,
	}
)

// command is what the proxy needs to know of a request.
type command struct {
	db, name, collection string
	body                 []byte
}

func (c command) access() access {
	switch {
	case c.collection == "":
		return wholeDatabase
	case c.name == "aggregate" && (bytes.Contains(c.body, []byte("$out\x00")) || bytes.Contains(c.body, []byte("$merge\x00"))):
		// It writes another collection. Any `$out` or `$merge` in the body (a field name or a
		// string) counts, which may only serialise a read that did not need it.
		return wholeDatabase
	case collectionReads[c.name]:
		return readCollection
	case collectionWrites[c.name]:
		return writeCollection
	default:
		return wholeDatabase
	}
}

// commandOf reads an OP_MSG command's body (its kind-0 section): its
// database, name and collection. Anything it cannot read is a command without
// a name in the database of the empty name, which holds that whole database.
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
			name, collection := firstField(body)
			if name == "getMore" {
				collection = stringField(body, "collection")
			}
			return command{db: stringField(body, "$db"), name: name, collection: collection, body: body}
		}
		p += size
	}
	return command{}
}

// firstField is the name of a BSON document's first field and its value when
// that is a string ("" otherwise).
func firstField(doc []byte) (name, value string) {
	if len(doc) < 6 {
		return "", ""
	}
	end := bytes.IndexByte(doc[5:], 0)
	if end < 0 {
		return "", ""
	}
	name = string(doc[5 : 5+end])
	return name, stringField(doc, name)
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
