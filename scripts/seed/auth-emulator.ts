import { z } from "zod";

/**
 * The few Auth emulator REST calls the seed and the tests need. `Bearer owner` is the
 * emulator's admin identity; the API key can be anything.
 */

export interface AuthEmulatorOptions {
  /** `host:port` of the Auth emulator. */
  host: string;
  projectId: string;
}

export interface NewAccount {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  emailVerified?: boolean;
}

const signInSchema = z.object({ localId: z.string(), idToken: z.string(), refreshToken: z.string() });
export type SignedIn = z.infer<typeof signInSchema>;

export class AuthEmulator {
  private readonly base: string;

  constructor(private readonly options: AuthEmulatorOptions) {
    this.base = `http://${options.host}`;
  }

  /** `asUser`: without the admin header, as the browser SDK calls it (signUp answers admins without tokens). */
  private async call(method: string, path: string, body?: unknown, asUser = false): Promise<unknown> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: { ...(asUser ? {} : { Authorization: "Bearer owner" }), "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`Auth emulator ${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    }
    return text ? JSON.parse(text) : {};
  }

  /** Deletes every account of the project. */
  async clear(): Promise<void> {
    await this.call("DELETE", `/emulator/v1/projects/${this.options.projectId}/accounts`);
  }

  /** Creates an account with a chosen uid (admin API). */
  async createAccount(account: NewAccount): Promise<void> {
    await this.call(
      "POST",
      `/identitytoolkit.googleapis.com/v1/projects/${this.options.projectId}/accounts`,
      {
        localId: account.uid,
        email: account.email,
        password: account.password,
        displayName: account.displayName,
        emailVerified: account.emailVerified ?? false,
      },
    );
  }

  /**
   * Accepts ID tokens issued before the account was (re)created (`validSince: "0"`, an admin update):
   * an account restored from the seed snapshot is the same account as before, so a journey's saved
   * session for it stays valid across the restore (tests/support/seeded-journey.ts).
   */
  async acceptEarlierTokens(uid: string): Promise<void> {
    await this.call(
      "POST",
      `/identitytoolkit.googleapis.com/v1/projects/${this.options.projectId}/accounts:update`,
      {
        localId: uid,
        validSince: "0",
      },
    );
  }

  /** Signs up as a user would (accounts:signUp): a new account with an unverified e-mail. */
  async signUp(email: string, password: string, displayName?: string): Promise<SignedIn> {
    const answer = await this.call(
      "POST",
      "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key",
      { email, password, ...(displayName ? { displayName } : {}), returnSecureToken: true },
      true,
    );
    return signInSchema.parse(answer);
  }

  /** Signs in with e-mail and password; the ID token authenticates REST and callable calls. */
  async signIn(email: string, password: string): Promise<SignedIn> {
    const answer = await this.call(
      "POST",
      "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key",
      {
        email,
        password,
        returnSecureToken: true,
      },
    );
    return signInSchema.parse(answer);
  }

  /** Number of accounts in the project. */
  async countAccounts(): Promise<number> {
    const answer = z
      .object({ userInfo: z.array(z.unknown()).optional() })
      .parse(
        await this.call(
          "POST",
          `/identitytoolkit.googleapis.com/v1/projects/${this.options.projectId}/accounts:query`,
          {},
        ),
      );
    return answer.userInfo?.length ?? 0;
  }
}
