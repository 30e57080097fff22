package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"time"

	"go.mongodb.org/mongo-driver/bson"
)

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
	// lockFree names the handshake, login and monitoring commands, which read no collection: they
	// hold no lock, so a readiness probe answers while a long write holds its collection (and a
	// probe waiting for a whole database would have kept every later read of it waiting too).
	lockFree = map[string]bool{
		"hello": true, "isMaster": true, "ismaster": true, "ping": true, "buildInfo": true, "buildinfo": true,
		"saslStart": true, "saslContinue": true, "authenticate": true, "logout": true, "endSessions": true,
		"whatsmyuri": true, "connectionStatus": true, "getParameter": true, "hostInfo": true,
		"getCmdLineOpts": true, "listCommands": true,
	}
)

// command is what the proxy needs to know of a request.
type command struct {
	db, name, collection string
	body                 []byte
}

// deadline is how long the command may take, from its arrival to its reply, waiting for locks
// included: the client's `maxTimeMS` when it gives one (0 means none, as on MongoDB), else fallback.
func (c command) deadline(fallback time.Duration) time.Duration {
	v, err := bson.Raw(c.body).LookupErr("maxTimeMS")
	if err != nil {
		return fallback
	}
	ms, ok := number(v)
	if !ok || ms <= 0 {
		return fallback
	}
	return time.Duration(ms * float64(time.Millisecond))
}

// number is a BSON int32, int64 or double as a float64.
func number(v bson.RawValue) (float64, bool) {
	if i, ok := v.AsInt64OK(); ok {
		return float64(i), true
	}
	return v.DoubleOK()
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

// isOpMsg says whether a wire message is an OP_MSG, the only kind this proxy answers itself.
func isOpMsg(msg []byte) bool { return binary.LittleEndian.Uint32(msg[12:16]) == opMsg }

// expectsReply is false for an OP_MSG whose sender set moreToCome.
func expectsReply(msg []byte) bool {
	return !(isOpMsg(msg) && binary.LittleEndian.Uint32(msg[16:20])&moreToCome != 0)
}

// errorReply is an OP_MSG that answers `req` with a MongoDB command error.
func errorReply(req []byte, code int32, codeName, message string) []byte {
	body, err := bson.Marshal(bson.D{{Key: "ok", Value: 0.0}, {Key: "errmsg", Value: message}, {Key: "code", Value: code}, {Key: "codeName", Value: codeName}})
	if err != nil {
		panic(err) // a document of a double, a string and an int32 always encodes
	}
	return replyTo(req, body)
}

// replyTo is an OP_MSG of one body section that answers req.
func replyTo(req []byte, body []byte) []byte {
	msg := opMsgOf(req, body)
	binary.LittleEndian.PutUint32(msg[4:8], 0)
	copy(msg[8:12], req[4:8]) // responseTo: the request's id
	return msg
}

// opMsgOf is an OP_MSG of one body section, with req's request id and responseTo.
func opMsgOf(req []byte, body []byte) []byte {
	msg := make([]byte, 21, 21+len(body))
	binary.LittleEndian.PutUint32(msg[0:4], uint32(21+len(body)))
	copy(msg[4:12], req[4:12])
	binary.LittleEndian.PutUint32(msg[12:16], opMsg)
	// flags (16:20) zero, then section kind 0 (msg[20] == 0): the body
	return append(msg, body...)
}

// maxTimeExpired answers a command whose deadline passed as MongoDB does when a command outlives its maxTimeMS.
func maxTimeExpired(req []byte, after time.Duration) []byte {
	return errorReply(req, 50, "MaxTimeMSExpired", "operation exceeded time limit ("+after.String()+", the store proxy's deadline for this command)")
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
