import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@plotbook/domain';
import { jwtVerify, SignJWT } from 'jose';

/** A random token for a mailed link (verify an email, a sign-in link). */
export const linkToken = () => randomBytes(32).toString('base64url');

/** Mailed links' tokens are stored hashed, so a copy of the database cannot open anyone's link. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface TokenClaims {
  /** User id (tenant user or platform admin). */
  sub: string;
  /** Tenant id, or null for platform admins. */
  tid: string | null;
  role: Role;
  /** The account's token version at sign-in; a password change bumps it and so revokes older tokens. */
  ver: number;
  /** Signed in with a generated or temporary password: only the password reset is open until it is done. */
  rst?: boolean;
}

const TOKEN_LIFETIME = '12h';
const TOKEN_LIFETIME_S = 12 * 3600;
/** Tokens already verified, kept so each request does not verify its token's signature again. */
const VERIFIED_CACHE_SIZE = 10_000;
/** Leeway for clocks of several servers that differ a little. */
const CLOCK_SKEW_S = 60;

export class TokenService {
  readonly #key: Uint8Array;
  /** token → its claims and the second its validity ends (the earlier of `exp` and `iat` + 12 h). */
  readonly #verified = new Map<string, { claims: TokenClaims; untilS: number }>();
  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ tid: claims.tid, role: claims.role, ver: claims.ver, ...(claims.rst ? { rst: true } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(TOKEN_LIFETIME)
      .sign(this.#key);
  }

  /**
   * The claims of a valid token, or null when it is malformed, forged or expired. A token must carry `exp` and
   * `iat`; one issued more than 12 h ago (whatever its `exp` says) or in the future is refused.
   */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.#verified.get(token);
    if (known) {
      if (Date.now() / 1000 < known.untilS) return known.claims;
      this.#verified.delete(token);
    }
    const verified = await this.#verify(token);
    if (!verified) return null;
    // The signature is the same every time: remember it until the token expires (the account checks that follow,
    // enabled and token version, still run on every request).
    if (this.#verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.#verified.keys().next().value;
      if (oldest !== undefined) this.#verified.delete(oldest);
    }
    this.#verified.set(token, verified);
    return verified.claims;
  }

  async #verify(token: string): Promise<{ claims: TokenClaims; untilS: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat'],
        maxTokenAge: TOKEN_LIFETIME,
      });
      if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + CLOCK_SKEW_S) return null;
      if (typeof payload.sub !== 'string' || !/^[1-9]\d{0,9}$/.test(payload.sub)) return null;
      if (typeof payload.role !== 'string' || !Number.isInteger(payload.ver)) return null;
      // A company token names its company; only a platform token says null. Anything else is not ours.
      if (payload.tid !== null && typeof payload.tid !== 'string') return null;
      const claims: TokenClaims = {
        sub: payload.sub,
        tid: payload.tid,
        role: payload.role as Role,
        ver: payload.ver as number,
        rst: payload.rst === true,
      };
      return { claims, untilS: Math.min(Number(payload.exp), payload.iat + TOKEN_LIFETIME_S) };
    } catch {
      return null;
    }
  }
}
