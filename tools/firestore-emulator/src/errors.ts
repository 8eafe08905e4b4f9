/** gRPC status handling shared by REST, WebChannel and the engine. */

export type StatusName =
  | "CANCELLED"
  | "UNKNOWN"
  | "INVALID_ARGUMENT"
  | "DEADLINE_EXCEEDED"
  | "NOT_FOUND"
  | "ALREADY_EXISTS"
  | "PERMISSION_DENIED"
  | "RESOURCE_EXHAUSTED"
  | "FAILED_PRECONDITION"
  | "ABORTED"
  | "OUT_OF_RANGE"
  | "UNIMPLEMENTED"
  | "INTERNAL"
  | "UNAVAILABLE"
  | "DATA_LOSS"
  | "UNAUTHENTICATED";

const CODES: Record<StatusName, number> = {
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
};

/** The HTTP status Google front ends use for each gRPC status (google.rpc.Code mapping). */
const HTTP: Record<StatusName, number> = {
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  ABORTED: 409,
  OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATA_LOSS: 500,
  UNAUTHENTICATED: 401,
};

export class FirestoreError extends Error {
  readonly status: StatusName;
  constructor(status: StatusName, message: string) {
    super(message);
    this.name = "FirestoreError";
    this.status = status;
  }
  get code(): number {
    return CODES[this.status];
  }
  get httpStatus(): number {
    return HTTP[this.status];
  }
  /** `{code, message, status}` as in google.rpc.Status JSON (code numeric gRPC code). */
  toRpcStatus(): { code: number; message: string; status: StatusName } {
    return { code: this.code, message: this.message, status: this.status };
  }
  /** REST error body: `{error: {code: <http>, message, status}}`. */
  toRestBody(): { error: { code: number; message: string; status: StatusName } } {
    return { error: { code: this.httpStatus, message: this.message, status: this.status } };
  }
}

export function invalidArgument(message: string): FirestoreError {
  return new FirestoreError("INVALID_ARGUMENT", message);
}

export function unimplemented(feature: string): FirestoreError {
  return new FirestoreError("UNIMPLEMENTED", `The local Firestore emulator does not support ${feature}.`);
}

export function notFound(message: string): FirestoreError {
  return new FirestoreError("NOT_FOUND", message);
}

export function failedPrecondition(message: string): FirestoreError {
  return new FirestoreError("FAILED_PRECONDITION", message);
}

export function aborted(message: string): FirestoreError {
  return new FirestoreError("ABORTED", message);
}

export function alreadyExists(message: string): FirestoreError {
  return new FirestoreError("ALREADY_EXISTS", message);
}

/** Turns anything thrown into a FirestoreError; unexpected errors become INTERNAL. */
export function toFirestoreError(err: unknown): FirestoreError {
  if (err instanceof FirestoreError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new FirestoreError("INTERNAL", `Internal emulator error: ${message}`);
}

export function statusCode(status: StatusName): number {
  return CODES[status];
}
