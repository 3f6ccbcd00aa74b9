import type { Role } from '@plotbook/domain';
import { jwtVerify, SignJWT } from 'jose';

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

export class TokenService {
  readonly #key: Uint8Array;
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

  /** The claims of a valid token, or null when it is malformed, forged or expired. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.ver !== 'number') {
        return null;
      }
      return {
        sub: payload.sub,
        tid: typeof payload.tid === 'string' ? payload.tid : null,
        role: payload.role as Role,
        ver: payload.ver,
        rst: payload.rst === true,
      };
    } catch {
      return null;
    }
  }
}
