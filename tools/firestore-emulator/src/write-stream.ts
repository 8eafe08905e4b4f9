/** The Write stream: handshake, then one commit per message, answered in order. */
import { randomBytes } from "node:crypto";
import { parseWrite } from "./commit.ts";
import type { Engine } from "./engine.ts";
import { invalidArgument } from "./errors.ts";
import { isObject } from "./guards.ts";
import type { StreamSink } from "./listen.ts";
import { type DatabaseId, parseDatabaseName } from "./paths.ts";
import { formatMicros } from "./time.ts";
import { encodeValue } from "./values.ts";

export class WriteStream {
  private handshakeDone = false;
  private tokenCounter = 0;
  private readonly streamId = randomBytes(8).toString("hex");
  closed = false;

  constructor(
    private readonly engine: Engine,
    private readonly defaultDb: DatabaseId,
    private readonly sink: StreamSink,
  ) {}

  private nextToken(): string {
    this.tokenCounter++;
    return Buffer.from(`${this.streamId}:${this.tokenCounter}`).toString("base64");
  }

  handle(message: unknown): void {
    if (this.closed) return;
    if (!isObject(message)) throw invalidArgument("WriteRequest must be a JSON object.");
    const dbId = typeof message.database === "string" ? parseDatabaseName(message.database) : this.defaultDb;
    const writes = message.writes ?? [];
    if (!Array.isArray(writes)) throw invalidArgument("WriteRequest.writes must be an array.");
    if (!this.handshakeDone) {
      if (writes.length > 0)
        throw invalidArgument("The first message on a Write stream must be a handshake without writes.");
      this.handshakeDone = true;
      this.sink.send(JSON.stringify({ streamId: this.streamId, streamToken: this.nextToken() }));
      return;
    }
    const db = this.engine.db(dbId);
    const ops = writes.map((w, i) => parseWrite(dbId, w, `writes[${i}]`));
    const outcome = this.engine.commit(db, ops);
    this.sink.send(
      JSON.stringify({
        streamToken: this.nextToken(),
        commitTime: formatMicros(outcome.commitTime),
        writeResults: outcome.writeResults.map((r) => ({
          ...(r.updateTime !== undefined ? { updateTime: formatMicros(r.updateTime) } : {}),
          transformResults: r.transformResults.map((v) => encodeValue(v, false)),
        })),
      }),
    );
  }

  close(): void {
    this.closed = true;
  }
}
