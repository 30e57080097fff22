package main

import (
	"encoding/binary"

	"go.mongodb.org/mongo-driver/bson"
)

// A bulk `update` or `delete` goes to FerretDB one statement per command, its replies merged into
// one. FerretDB v1 keeps the read of every statement of a command open until the whole command
// ends, one PostgreSQL connection each, so a command of more statements than its pool's 50
// connections waited for ever (a bulk of 120 `updateOne`s did). The collection's lock is held
// across all of them, so no other write of it comes between, as before.

// statementsOf names the array of statements of each command that is split.
var statementsOf = map[string]string{"update": "updates", "delete": "deletes"}

const checksumPresent = 1 << 0 // OP_MSG flag: a CRC-32C follows the sections

// splitStatements is one request per statement of an update or delete of more than one, or nil.
// The statements may come in the body or in a document sequence (section kind 1).
func splitStatements(req []byte, cmd command) [][]byte {
	field, ok := statementsOf[cmd.name]
	if !ok || !isOpMsg(req) || !expectsReply(req) {
		return nil
	}
	end := len(req)
	if binary.LittleEndian.Uint32(req[16:20])&checksumPresent != 0 {
		end -= 4
	}
	var statements []bson.Raw
	if v, err := bson.Raw(cmd.body).LookupErr(field); err == nil {
		docs, ok := documents(v)
		if !ok {
			return nil
		}
		statements = docs
	}
	for p := 20; p < end; {
		if p+5 > end {
			return nil
		}
		kind := req[p]
		size := int(binary.LittleEndian.Uint32(req[p+1 : p+5]))
		if size < 5 || p+1+size > end {
			return nil
		}
		if kind == 1 {
			statements = append(statements, sequence(req[p+1:p+1+size], field)...)
		}
		p += 1 + size
	}
	if len(statements) < 2 {
		return nil
	}
	elements, err := bson.Raw(cmd.body).Elements()
	if err != nil {
		return nil
	}
	requests := make([][]byte, 0, len(statements))
	for _, statement := range statements {
		doc := bson.D{}
		for _, e := range elements {
			if e.Key() != field {
				doc = append(doc, bson.E{Key: e.Key(), Value: e.Value()})
			}
		}
		doc = append(doc, bson.E{Key: field, Value: bson.A{statement}})
		body, err := bson.Marshal(doc)
		if err != nil {
			return nil
		}
		requests = append(requests, opMsgOf(req, body))
	}
	return requests
}

// sequence is the documents of a kind-1 section (without its kind byte) named `identifier`.
func sequence(section []byte, identifier string) []bson.Raw {
	p := 4
	for p < len(section) && section[p] != 0 {
		p++
	}
	if p >= len(section) || string(section[4:p]) != identifier {
		return nil
	}
	var docs []bson.Raw
	for p++; p+4 <= len(section); {
		n := int(binary.LittleEndian.Uint32(section[p : p+4]))
		if n < 5 || p+n > len(section) {
			return nil
		}
		docs = append(docs, bson.Raw(section[p:p+n]))
		p += n
	}
	return docs
}

// runStatements sends each statement and makes one reply to req from their replies, numbered as in req: the
// counts summed, the upserted ids and write errors with their statement's index. A reply that is
// not `ok` ends the command with that reply; a write error ends an ordered one.
func runStatements(req []byte, statements [][]byte, ordered bool, send func([]byte) ([]byte, error)) ([]byte, error) {
	var n, modified int64
	upserted, writeErrors := bson.A{}, bson.A{}
	for i, statement := range statements {
		reply, err := send(statement)
		if err != nil {
			return nil, err
		}
		body := bson.Raw(commandOf(reply).body)
		if ok, _ := number(body.Lookup("ok")); ok != 1 {
			return reply, nil
		}
		count, _ := number(body.Lookup("n"))
		n += int64(count)
		count, _ = number(body.Lookup("nModified"))
		modified += int64(count)
		upserted = append(upserted, reindexed(body, "upserted", i)...)
		failed := reindexed(body, "writeErrors", i)
		writeErrors = append(writeErrors, failed...)
		if ordered && len(failed) > 0 {
			break
		}
	}
	merged := bson.D{{Key: "n", Value: int32(n)}}
	if commandOf(req).name == "update" {
		merged = append(merged, bson.E{Key: "nModified", Value: int32(modified)})
	}
	if len(upserted) > 0 {
		merged = append(merged, bson.E{Key: "upserted", Value: upserted})
	}
	if len(writeErrors) > 0 {
		merged = append(merged, bson.E{Key: "writeErrors", Value: writeErrors})
	}
	body, err := bson.Marshal(append(merged, bson.E{Key: "ok", Value: 1.0}))
	if err != nil {
		return nil, err
	}
	return replyTo(req, body), nil
}

// reindexed is the documents of the array `field` of a statement's reply, each `index` set to the
// statement's own index in the whole command.
func reindexed(body bson.Raw, field string, index int) bson.A {
	values, _ := documents(body.Lookup(field))
	docs := bson.A{}
	for _, v := range values {
		doc := bson.D{}
		elements, _ := v.Elements()
		for _, e := range elements {
			if e.Key() == "index" {
				doc = append(doc, bson.E{Key: "index", Value: int32(index)})
			} else {
				doc = append(doc, bson.E{Key: e.Key(), Value: e.Value()})
			}
		}
		docs = append(docs, doc)
	}
	return docs
}

// ordered says whether a write command stops at its first error (MongoDB's default: yes).
func ordered(cmd command) bool {
	v, err := bson.Raw(cmd.body).LookupErr("ordered")
	return err != nil || v.Type != bson.TypeBoolean || v.Boolean()
}

// documents is a BSON array of documents; false when v is anything else.
func documents(v bson.RawValue) ([]bson.Raw, bool) {
	array, ok := v.ArrayOK()
	if !ok {
		return nil, false
	}
	values, err := array.Values()
	if err != nil {
		return nil, false
	}
	docs := make([]bson.Raw, 0, len(values))
	for _, value := range values {
		doc, ok := value.DocumentOK()
		if !ok {
			return nil, false
		}
		docs = append(docs, doc)
	}
	return docs, true
}
