#!/usr/bin/env node
/**
 * npm run db:seed: demo accounts in the local D1 that `npm start` serves, for
 * trying the product by hand. Prints each account's id, email and password.
 *
 *   node scripts/seed.mjs [--persist .wrangler/state] [--region global]
 *
 * Passwords are hashed and the TOTP secret sealed by the server's own code
 * (server/security/*), bundled on the fly with esbuild, so the stored formats
 * are exactly what the API reads. The TOTP secret is sealed with
 * TOTP_ENCRYPTION_KEY from .dev.vars (written first when missing). Re-running
 * replaces the demo accounts (fixed ids 900001–900012) with fresh passwords.
 *
 * Legacy accounts (docs/legacy.md): 900008 signs in with the legacy ID
 * `legacyhero` and a bcrypt hash, and answers 20211 (its email is usable);
 * 900009 signs in with the legacy ID `legacynomail`, has no usable email and
 * answers 20184 with a support code; 900012 (`legacysocial`, no usable email)
 * is linked to the local provider's google identity `legacy-player`, so a
 * sign-in with Google opens login/migration-tpa (docs/legacy.md).
 *
 * Parental controls (docs/parental.md): 900003 is a parent with controls set
 * and consent recorded (a card consent), 900004 and 900005 its active
 * children; 900007 a minor in its family whose terms wait for the parent's
 * consent (its sign-in stops at 20256 and emails the parent a code); 900001
 * an adult without parental controls who can go through setup.
 *
 * Staff console (docs/staff-console.md): one staff account per role (support agent, trust & safety, admin),
 * each printed with its password and authenticator secret (DEV only: a deployment adds staff with
 * `npm run staff:add`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as OTPAuth from 'otpauth';
import { BIN, importServerModules, mustRun, ROOT } from './lib.mjs';

const { values } = parseArgs({
  options: {
    persist: { type: 'string', default: '.wrangler/state' },
    region: { type: 'string', default: process.env.REGION || 'global' },
  },
});

// The server modules the seed needs, bundled from TypeScript into one ESM module.
const server = await importServerModules(`
      export { hashPassword } from './server/core/security/password.ts';
      export { sealSecret } from './server/core/security/secret-box.ts';
      export { sealStaffSecret } from './server/staff/accounts.ts';
      export { regions } from './src/regions/index.ts';
      export { legacyHash } from './server/core/security/legacy-hash.ts';
      export { newSupportCode, placeholderEmail } from './server/legacy/support-code.ts';
    `);

const region = server.regions[values.region];
if (!region) throw new Error(`Unknown region ${values.region}`);

await mustRun(process.execPath, [join(ROOT, 'scripts', 'dev-vars.mjs')]);
const devVars = Object.fromEntries(
  readFileSync(join(ROOT, '.dev.vars'), 'utf8')
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);
const totpKey = devVars.TOTP_ENCRYPTION_KEY;
if (!totpKey) throw new Error('.dev.vars has no TOTP_ENCRYPTION_KEY');

/** A fresh password that satisfies the §5 rules (upper, lower, digit, symbol, 8+ ASCII, no spaces). */
function demoPassword() {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const random = Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => alphabet[b % alphabet.length]).join('');
  return `Demo-${random}-7`;
}

const sql = (v) =>
  v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
const now = Date.now();
const year = new Date(now).getUTCFullYear();

const demo = [
  { id: 900001, role: 'player (can set up parental controls)', email: 'player@demo.lumenforge.test', birthYear: 1995 },
  {
    id: 900002,
    role: 'player with authenticator (TOTP)',
    email: 'totp@demo.lumenforge.test',
    birthYear: 1990,
    totp: true,
  },
  {
    id: 900003,
    role: 'parent of 900004, 900005 and 900007 (parental controls set, consent recorded)',
    email: 'parent@demo.lumenforge.test',
    birthYear: 1982,
    parent: true,
  },
  { id: 900004, role: 'child of 900003', email: 'child1@demo.lumenforge.test', birthYear: year - 11, childOf: 900003 },
  { id: 900005, role: 'child of 900003', email: 'child2@demo.lumenforge.test', birthYear: year - 9, childOf: 900003 },
  { id: 900006, role: 'blocked (reason 7003)', email: 'blocked@demo.lumenforge.test', birthYear: 1999, ban: '7003' },
  {
    id: 900007,
    role: "minor of 900003 whose terms need the parent's consent (20256)",
    email: 'minor@demo.lumenforge.test',
    birthYear: year - 13,
    childOf: 900003,
    termsPending: true,
  },
  {
    id: 900008,
    role: 'legacy account with a usable email (20211: sign in with the legacy ID)',
    email: 'legacyhero@demo.lumenforge.test',
    birthYear: 1988,
    legacy: { kind: 'email', loginId: 'legacyhero' },
  },
  {
    id: 900009,
    role: 'legacy account without a usable email (20184: sign in with the legacy ID)',
    email: null,
    birthYear: 1986,
    legacy: { kind: 'id', loginId: 'legacynomail' },
  },
  // Social sign-in (docs/social.md): identities of the local provider (scripts/dev-idp.mjs TEST_IDENTITIES).
  {
    id: 900010,
    role: 'player linked to google and discord (local provider identity "Linked Player")',
    email: 'linked@demo.lumenforge.test',
    birthYear: 1993,
    social: [
      ['google', 'linked-player'],
      ['discord', 'linked-player'],
    ],
  },
  {
    id: 900011,
    role: 'social-only player, no password (google identity "Social Only", the PC store SeededSteamPlayer)',
    email: 'socialonly@demo.lumenforge.test',
    birthYear: 1997,
    noPassword: true,
    social: [
      ['google', 'social-only'],
      ['steam', '76561197960287930', 'SeededSteamPlayer'],
    ],
  },
  {
    id: 900012,
    role: 'legacy account linked to google "Legacy Player" (sign in with Google: login/migration-tpa)',
    email: null,
    birthYear: 1991,
    legacy: { kind: 'id', loginId: 'legacysocial' },
    social: [['google', 'legacy-player']],
  },
];
// A legacy-ID account has no usable email: a placeholder under the reserved .invalid domain holds the column.
for (const d of demo) d.email ??= server.placeholderEmail(d.id);

const ids = demo.map((d) => d.id).join(', ');
const emails = demo.map((d) => sql(d.email)).join(', ');
const statements = [
  // Children's links and every row of the old demo accounts go with them (ON DELETE CASCADE).
  `DELETE FROM accounts WHERE id IN (${ids}) OR email IN (${emails});`,
  // The consent charge ledger has no foreign key (money to give back outlives an account): clear the demo's rows.
  `DELETE FROM parental_vpc_charges WHERE parent_id IN (${ids});`,
];
const printed = [];
for (const d of demo) {
  const password = demoPassword();
  // Legacy accounts keep the old system's bcrypt hash until their first right password (docs/legacy.md).
  const hash = d.legacy ? await server.legacyHash(password, 10) : await server.hashPassword(password);
  let totpSecret = null;
  let sealed = null;
  if (d.totp) {
    totpSecret = new OTPAuth.Secret({ size: 20 }).base32;
    sealed = await server.sealSecret(totpSecret, totpKey, d.id);
  }
  const tag = String(d.id % 10_000).padStart(4, '0');
  statements.push(
    `INSERT INTO accounts (id, email, email_verified, membership_no, country_code, birth_year, birth_month, full_name,
       player_tag_name, player_tag_number, is_minor, primary_auth_type, totp_secret_enc, totp_enabled_at, ban_reason,
       parental_consent_at, terms_accepted_at, created_at, updated_at, login_id)
     VALUES (${[
       d.id,
       d.email,
       d.legacy?.kind === 'id' ? 0 : 1,
       region.membershipNo,
       'US',
       d.birthYear,
       6,
       `Demo ${d.role.split(' ')[0]} ${d.id}`,
       `demo${d.id}`,
       tag,
       d.childOf ? 1 : 0,
       d.totp ? 'TOTP' : 'EMAIL',
       sealed,
       d.totp ? now : null,
       d.ban ?? null,
       d.parent ? now : null,
       d.termsPending ? null : now,
       now,
       now,
       d.legacy?.loginId ?? null,
     ]
       .map(sql)
       .join(', ')});`,
  );
  if (d.noPassword) statements.push(`UPDATE accounts SET has_password = 0 WHERE id = ${d.id};`);
  else
    statements.push(
      `INSERT INTO credentials (account_id, password_hash, changed_at) VALUES (${d.id}, ${sql(hash)}, ${now});`,
      `INSERT INTO password_history (account_id, password_hash, created_at) VALUES (${d.id}, ${sql(hash)}, ${now});`,
    );
  for (const [provider, subject, name] of d.social ?? [])
    statements.push(
      `INSERT INTO linked_providers (provider, provider_user_id, account_id, email, linked_at, display_name)
       VALUES (${[provider, subject, d.id, provider === 'steam' || d.legacy ? null : d.email, now, name ?? null].map(sql).join(', ')});`,
    );
  if (d.legacy) {
    statements.push(
      `INSERT INTO legacy_accounts (account_id, kind, legacy_login_id, support_code, created_at)
       VALUES (${[d.id, d.legacy.kind, d.legacy.loginId, server.newSupportCode(), now].map(sql).join(', ')});`,
    );
  }
  // A password-less account signs in through its provider only (the local provider's page, docs/social.md).
  printed.push({ ...d, password: d.noPassword ? '(no password)' : password, totpSecret });
}
for (const d of demo.filter((x) => x.childOf)) {
  statements.push(
    `INSERT INTO family_links (child_id, parent_id, accessible_product_ids, created_at) VALUES (${d.id}, ${d.childOf}, '', ${now});`,
  );
}
for (const d of demo.filter((x) => x.parent)) {
  // Parental controls set with a recorded consent (as after a card consent whose $1 was refunded).
  statements.push(
    `INSERT INTO parental_controls (parent_id, started_at) VALUES (${d.id}, ${now});`,
    `INSERT INTO parental_consents (parent_id, method, consent_location, provider_ref, refund_ref, created_at)
     VALUES (${d.id}, 'card', 'WEB', 'seed', 'seed', ${now});`,
  );
}
// Console platforms (docs/platforms.md): the PlayStation identity ps-linked-demo is linked to 900002; ps-new-demo is
// not linked to any account (link it to 900001 through global/playstation/login). /api/dev/platform mints tickets.
statements.push(
  `DELETE FROM platform_links WHERE platform = 'playstation' AND platform_user_id IN ('ps-linked-demo', 'ps-new-demo');`,
  `INSERT INTO platform_links (platform, platform_user_id, account_id, linked_at) VALUES ('playstation', 'ps-linked-demo', 900002, ${now});`,
);
statements.push(
  `INSERT INTO audit_log (account_id, event, ip, detail, created_at) SELECT id, 'seed.created', NULL, NULL, ${now} FROM accounts WHERE id IN (${ids});`,
);

// One staff account per role for the console (hashed and sealed by the server's own code, as npm run staff:add does).
const staffDemo = [
  { email: 'agent@staff.lumenforge.test', name: 'Demo Support Agent', role: 'support_agent' },
  { email: 'trust@staff.lumenforge.test', name: 'Demo Trust & Safety', role: 'trust_safety' },
  { email: 'admin@staff.lumenforge.test', name: 'Demo Admin', role: 'admin' },
];
statements.push(`DELETE FROM staff_accounts WHERE email IN (${staffDemo.map((s) => sql(s.email)).join(', ')});`);
const staffPrinted = [];
for (const s of staffDemo) {
  const password = demoPassword();
  const totpSecret = new OTPAuth.Secret({ size: 20 }).base32;
  statements.push(
    `INSERT INTO staff_accounts (email, display_name, role, password_hash, totp_secret_sealed, created_at)
     VALUES (${[s.email, s.name, s.role, await server.hashPassword(password), await server.sealStaffSecret(totpSecret, totpKey, s.email), now].map(sql).join(', ')});`,
  );
  staffPrinted.push({ ...s, password, totpSecret });
}

const work = mkdtempSync(join(tmpdir(), 'lf-seed-'));
try {
  const file = join(work, 'seed.sql');
  writeFileSync(file, statements.join('\n'));
  const env = { CI: 'true' };
  await mustRun(join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', values.persist], {
    quiet: true,
    env,
  });
  await mustRun(
    join(BIN, 'wrangler'),
    ['d1', 'execute', 'DB', '--local', '--persist-to', values.persist, '--file', file],
    {
      quiet: true,
      env,
    },
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\nDemo accounts (region ${region.id}, local D1 in ${values.persist}):\n`);
for (const d of printed) {
  const signInId = d.legacy?.loginId ?? d.email;
  console.log(`  ${String(d.id).padEnd(7)} ${signInId.padEnd(32)} ${d.password.padEnd(20)} ${d.role}`);
  if (d.social)
    console.log(`          linked: ${d.social.map(([provider, subject]) => `${provider} ${subject}`).join(', ')}`);
  if (d.totpSecret) {
    const uri = new OTPAuth.TOTP({ issuer: 'Lumenforge', label: d.email, secret: d.totpSecret }).toString();
    console.log(`          authenticator secret (base32): ${d.totpSecret}`);
    console.log(`          otpauth URI: ${uri}`);
  }
}
console.log(
  '\nConsoles: PlayStation identity ps-linked-demo is linked to 900002, ps-new-demo to no account (dev page /api/dev/platform).',
);
console.log('\nSign in with the id shown and the password. Passwords change each time you seed.\n');
console.log(
  'Staff console (/account/en/staff/login; docs/staff-console.md): email, password and the authenticator code:\n',
);
for (const s of staffPrinted) {
  const uri = new OTPAuth.TOTP({ issuer: 'Lumenforge', label: `staff ${s.email}`, secret: s.totpSecret }).toString();
  console.log(`  ${s.role.padEnd(14)} ${s.email.padEnd(32)} ${s.password.padEnd(20)}`);
  console.log(`          authenticator secret (base32): ${s.totpSecret}`);
  console.log(`          otpauth URI: ${uri}`);
}
console.log('');
