// A brandradar webhook receiver in plain Node.js: it checks each delivery's signature (Standard
// Webhooks, with the `standardwebhooks` library) and answers 204, or 401 when the signature is
// wrong or the timestamp is more than 5 minutes off.
//
//   npm install standardwebhooks
//   WEBHOOK_SECRET=whsec_… PORT=3000 node webhook-receiver.mjs
//
// Answer within 10 seconds, before any slow work: a delivery answered late or with another status
// is sent again, with the same `webhook-id`, so de-duplicate by that id where a repeat matters.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.WEBHOOK_SECRET); // the `whsec_…` secret shown when the webhook was created

const server = createServer(async (req, res) => {
  // The signature covers the body's exact bytes: read it raw, and parse only what verify returns.
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  let event;
  try {
    event = webhook.verify(Buffer.concat(chunks), req.headers);
  } catch {
    res.writeHead(401).end();
    return;
  }
  res.writeHead(204).end();
  console.log(JSON.stringify({ id: req.headers['webhook-id'], type: event.type, timestamp: event.timestamp }));
});

server.listen(Number(process.env.PORT ?? 3000), () => console.log(`listening on port ${server.address().port}`));
