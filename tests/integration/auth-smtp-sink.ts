// A minimal SMTP server that keeps what it receives, for tests that send real e-mail through
// nodemailer. Plain SMTP only (no TLS, no AUTH), which is what nodemailer uses when the server
// offers neither. Decodes the headers and the quoted-printable / base64 parts nodemailer writes.

import { createServer, type Server, type Socket } from "node:net";

export interface ReceivedEmail {
  /** Envelope recipients (RCPT TO). */
  recipients: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpSink {
  host: string;
  port: number;
  readonly emails: readonly ReceivedEmail[];
  clear(): void;
  /** Waits until `predicate` holds for a received e-mail. */
  waitFor(predicate: (email: ReceivedEmail) => boolean, timeoutMs?: number): Promise<ReceivedEmail>;
  stop(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    const hex = text.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=). */
function decodeHeaderValue(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

function parseEntity(raw: string): Entity {
  const split = raw.indexOf("\r\n\r\n");
  const head = split >= 0 ? raw.slice(0, split) : raw;
  const body = split >= 0 ? raw.slice(split + 4) : "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(entity: Entity): string {
  const encoding = (entity.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(entity.body);
  if (encoding === "base64") return Buffer.from(entity.body.replace(/\s+/g, ""), "base64").toString("utf8");
  return entity.body;
}

/** Leaf parts of a (possibly nested) MIME message. */
function leaves(entity: Entity): Entity[] {
  const type = entity.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [entity];
  return entity.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith("--"))
    .flatMap((part) => leaves(parseEntity(part.replace(/^\r\n/, ""))));
}

export function parseEmail(raw: string, recipients: string[]): ReceivedEmail {
  const message = parseEntity(raw);
  const parts = leaves(message);
  const part = (type: string) =>
    parts.find((p) => (p.headers.get("content-type") ?? "text/plain").toLowerCase().startsWith(type));
  const text = part("text/plain");
  const html = part("text/html");
  return {
    recipients,
    from: decodeHeaderValue(message.headers.get("from") ?? ""),
    to: decodeHeaderValue(message.headers.get("to") ?? ""),
    subject: decodeHeaderValue(message.headers.get("subject") ?? ""),
    text: text ? decodeBody(text) : "",
    html: html ? decodeBody(html) : "",
    raw,
  };
}

function serve(socket: Socket, deliver: (email: ReceivedEmail) => void): void {
  let buffer = "";
  let inData = false;
  let recipients: string[] = [];
  const reply = (line: string) => socket.write(`${line}\r\n`);
  socket.setEncoding("utf8");
  reply("220 vicino-test-sink ESMTP");
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    for (;;) {
      if (inData) {
        const end = buffer.indexOf("\r\n.\r\n");
        if (end < 0) return;
        const raw = buffer.slice(0, end + 2).replace(/^\.\./gm, ".");
        buffer = buffer.slice(end + 5);
        inData = false;
        deliver(parseEmail(raw, recipients));
        recipients = [];
        reply("250 OK: queued");
        continue;
      }
      const eol = buffer.indexOf("\r\n");
      if (eol < 0) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO") {
        reply("250-vicino-test-sink");
        reply("250 8BITMIME");
      } else if (verb === "HELO" || verb === "MAIL" || verb === "RSET" || verb === "NOOP") {
        if (verb === "RSET") recipients = [];
        reply("250 OK");
      } else if (verb === "RCPT") {
        recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? line.slice(8).trim());
        reply("250 OK");
      } else if (verb === "DATA") {
        inData = true;
        reply("354 End data with <CR><LF>.<CR><LF>");
      } else if (verb === "QUIT") {
        reply("221 Bye");
        socket.end();
        return;
      } else {
        reply("502 Command not implemented");
      }
    }
  });
  socket.on("error", () => socket.destroy());
}

export async function startSmtpSink(host = "127.0.0.1"): Promise<SmtpSink> {
  const emails: ReceivedEmail[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    serve(socket, (email) => {
      emails.push(email);
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    host,
    port,
    emails,
    clear: () => {
      emails.length = 0;
    },
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = emails.find(predicate);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (received ${emails.length})`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
