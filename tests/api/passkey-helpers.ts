/**
 * A software authenticator for the passkey API tests: an ES256 key pair from
 * WebCrypto, "none" attestation, and assertions signed over authenticator
 * data and the client data hash as WebAuthn Level 3 §6.1 and §7.2 lay them
 * out. Each part can be bent (origin, RP ID, counter, flags, challenge) to
 * test what the server refuses. CBOR and base64url come from the server
 * library's helpers; the browser's part (client data) is written out here,
 * as a browser would.
 */
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { expect } from 'vitest';
import type { Browser, Reply } from './client';
import { ACCOUNT } from './two-factor-helpers';

/** Bytes backed by a plain ArrayBuffer, as WebCrypto and the library's helpers take them. */
type Bytes = Uint8Array<ArrayBuffer>;

const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

export interface CeremonyOptions {
  challenge: string;
  rp?: { id: string };
  rpId?: string;
  user?: { id: string };
}

export interface Bend {
  origin?: string;
  rpId?: string;
  challenge?: string;
  counter?: number;
  userVerified?: boolean;
  backupEligible?: boolean;
  type?: string;
}

async function sha256(data: Bytes): Promise<Bytes> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data));
}

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function u32(n: number): Bytes {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
}

/** ES256 signatures travel DER-encoded (an ASN.1 SEQUENCE of two INTEGERs); WebCrypto gives r‖s. */
function derSignature(raw: Bytes): Bytes {
  const int = (bytes: Bytes) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i += 1;
    let v = bytes.slice(i);
    if ((v[0] ?? 0) & 0x80) v = concat(new Uint8Array([0]), v);
    return concat(new Uint8Array([0x02, v.length]), v);
  };
  const body = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export class SoftAuthenticator {
  counter = 0;
  readonly credentialId = crypto.getRandomValues(new Uint8Array(32));
  userHandle = '';

  private constructor(
    private readonly keys: CryptoKeyPair,
    /** A synced passkey (backup eligible and backed up), like a password manager's. */
    readonly synced: boolean,
  ) {}

  static async create(synced = false): Promise<SoftAuthenticator> {
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    return new SoftAuthenticator(keys, synced);
  }

  get id(): string {
    return isoBase64URL.fromBuffer(this.credentialId);
  }

  private flags(bend: Bend, extra: number): number {
    const be = bend.backupEligible ?? this.synced;
    return (
      FLAG.UP |
      (bend.userVerified === false ? 0 : FLAG.UV) |
      (be ? FLAG.BE : 0) |
      (be && this.synced ? FLAG.BS : 0) |
      extra
    );
  }

  private clientData(type: string, challenge: string, origin: string): Bytes {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  async register(options: CeremonyOptions, origin: string, bend: Bend = {}) {
    const rpId = bend.rpId ?? options.rp?.id ?? '';
    this.userHandle = options.user?.id ?? '';
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', this.keys.publicKey));
    const cose = new Map<number, number | Bytes>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, raw.slice(1, 33)],
      [-3, raw.slice(33, 65)],
    ]);
    const attested = concat(
      new Uint8Array(16),
      new Uint8Array([0, this.credentialId.length]),
      this.credentialId,
      isoCBOR.encode(cose),
    );
    const authData = concat(
      await sha256(new TextEncoder().encode(rpId)),
      new Uint8Array([this.flags(bend, FLAG.AT)]),
      u32(this.counter),
      attested,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Bytes | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData(
      bend.type ?? 'webauthn.create',
      bend.challenge ?? options.challenge,
      bend.origin ?? origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
    };
  }

  async assert(options: CeremonyOptions, origin: string, bend: Bend = {}) {
    this.counter = bend.counter ?? this.counter + 1;
    const authData = concat(
      await sha256(new TextEncoder().encode(bend.rpId ?? options.rpId ?? '')),
      new Uint8Array([this.flags(bend, 0)]),
      u32(this.counter),
    );
    const clientDataJSON = this.clientData(
      bend.type ?? 'webauthn.get',
      bend.challenge ?? options.challenge,
      bend.origin ?? origin,
    );
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(derSignature(raw)),
        ...(this.userHandle === '' ? {} : { userHandle: this.userHandle }),
      },
    };
  }
}

export const PK = {
  registrationOptions: `${ACCOUNT}/passkey/registration/options`,
  registration: `${ACCOUNT}/passkey/registration`,
  list: `${ACCOUNT}/passkey`,
  rename: `${ACCOUNT}/passkey/name`,
  remove: `${ACCOUNT}/passkey/remove`,
  signInOptions: `${ACCOUNT}/no-auth/passkey/sign-in/options`,
  signIn: `${ACCOUNT}/no-auth/passkey/sign-in`,
  stepOptions: `${ACCOUNT}/no-auth/passkey/second-step/options`,
  step: `${ACCOUNT}/no-auth/passkey/second-step`,
  alerts: `${ACCOUNT}/security-alerts`,
  secure: `${ACCOUNT}/no-auth/security-alert/secure`,
} as const;

export const CLOCK = { localTime: '2026-01-01T10:00:00.000+01:00', timeOffset: 60 };

export function optionsOf(r: Reply): CeremonyOptions {
  expect(r.status, r.text).toBe(200);
  return (r.json as { options: CeremonyOptions }).options;
}

/** Registers a new software passkey for the browser's (freshly verified) session. */
export async function registerPasskey(b: Browser, name = 'My phone', synced = false): Promise<SoftAuthenticator> {
  const auth = await SoftAuthenticator.create(synced);
  const options = optionsOf(await b.post(PK.registrationOptions, {}));
  const credential = await auth.register(options, b.base);
  const r = await b.post(PK.registration, { name, credential, ...CLOCK });
  expect(r.status, r.text).toBe(200);
  return auth;
}

/** Signs in with the passkey in `b`: options, assertion, sign-in call. */
export async function passkeySignIn(b: Browser, auth: SoftAuthenticator, bend: Bend = {}): Promise<Reply> {
  const options = optionsOf(await b.post(PK.signInOptions, {}));
  const credential = await auth.assert(options, b.base, bend);
  return b.post(PK.signIn, { credential, deviceId: 'device-passkey-1', autoLogin: false });
}
