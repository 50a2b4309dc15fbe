import type { Operation } from '../../src/server/http/api';
import { chatEndpoint, messagesEndpoint, typingEndpoint } from '../../src/server/http/endpoints/chat';
import { likesEndpoint } from '../../src/server/http/endpoints/likes';
import { blockEndpoint, reportEndpoint } from '../../src/server/http/endpoints/safety';
import { searchEndpoint } from '../../src/server/http/endpoints/search';
import { userEndpoint } from '../../src/server/http/endpoints/user';

/** The first id past PostgreSQL's `integer` (2³¹): no row can have it. */
export const TOO_BIG_ID = 2 ** 31;
/** A NUL character: PostgreSQL cannot store it in text. */
export const NUL = '\u0000';
/** Half of a surrogate pair, alone: not a character at all (JSON may still carry it as `\ud83d`). */
export const LONE_HIGH = '\uD83D';
export const LONE_LOW = '\uDE00';

/** What the corpus' calls refer to: the calling member's conversation with another member. */
export interface BadInputFixture {
  /** The other member's id. */
  other: number;
  /** Their conversation. */
  conversation: number;
}

/** One call that must be refused with 422 `validation_failed` and `issue`; `member` calls carry the member's session. */
export interface BadInputCase {
  name: string;
  operations: Operation[];
  path: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  member: boolean;
  query?: Record<string, string | number>;
  body?: Record<string, unknown>;
  issue: { path: string; message: string };
}

const TEXT_INVALID = 'validation.text_invalid';
const ID_INVALID = 'validation.integer';

/** A complete, valid signup payload (docs/product.md §3 Signup payload) with `overrides`. */
export function signupBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: 'corpus@example.com',
    name: 'Corpus',
    password: 'secret-pass',
    trafficsource: null,
    timezone: 'Europe/Amsterdam',
    country: 'NL',
    language: 'en',
    profile: null,
    form_path: '/signup',
    referrer: '',
    csrf: 'abc',
    token: null,
    n: 'Mozilla/5.0 test',
    ...overrides,
  };
}

/**
 * Text that cannot be stored (NUL, lone surrogates) in every free-text field, and ids past
 * 2³¹ − 1 in every JSON body that names a row: each must be a 422 with the field's issue
 * (docs/product.md §5 Generic), never a 500 from the database.
 */
export function badInputCases(f: BadInputFixture): BadInputCase[] {
  const member = { member: true };
  const profileUpdate = (field: string, value: string): BadInputCase => ({
    name: `profile ${field} ${JSON.stringify(value)}`,
    operations: userEndpoint,
    path: '/api/user.php',
    method: 'PUT',
    ...member,
    body: { [field]: value },
    issue: { path: field, message: TEXT_INVALID },
  });
  let signups = 0;
  // Each signup its own address: one wrongly accepted must not hide the next behind `account_exists`.
  const signup = (field: string, value: unknown, message: string): BadInputCase => ({
    name: `signup ${field} ${JSON.stringify(value)}`,
    operations: userEndpoint,
    path: '/api/user.php',
    method: 'POST',
    member: false,
    query: { new: 1 },
    body: signupBody({ email: `corpus${++signups}@example.com`, [field]: value }),
    issue: { path: field, message },
  });
  const message = (body: Record<string, unknown>, path: string, key: string): BadInputCase => ({
    name: `message ${JSON.stringify(body)}`,
    operations: messagesEndpoint,
    path: '/api/messages.php',
    method: 'POST',
    ...member,
    body,
    issue: { path, message: key },
  });
  const report = (body: Record<string, unknown>, path: string, key: string): BadInputCase => ({
    name: `report ${JSON.stringify(body)}`,
    operations: reportEndpoint,
    path: '/api/report.php',
    method: 'POST',
    ...member,
    body: { reason: 'other', ...body },
    issue: { path, message: key },
  });
  const profileRef = (operations: Operation[], path: string, method: 'POST' | 'DELETE', profile: unknown) => ({
    name: `${method} ${path} profile ${String(profile)}`,
    operations,
    path,
    method,
    ...member,
    body: { profile },
    issue: { path: 'profile', message: ID_INVALID },
  });
  return [
    profileUpdate('personal', `About${NUL}me`),
    profileUpdate('personal', `About me ${LONE_HIGH}`),
    profileUpdate('city', `Amster${NUL}dam`),
    profileUpdate('city', `${LONE_LOW}Amsterdam`),
    profileUpdate('countryregion', `N${NUL}H`),
    profileUpdate('date_of_birth', `1990${NUL}01-01`),
    message({ conversation: f.conversation, text: `Hi${NUL}there` }, 'text', TEXT_INVALID),
    message({ conversation: f.conversation, text: `Hi ${LONE_HIGH}` }, 'text', TEXT_INVALID),
    message({ conversation: f.conversation, text: `${LONE_LOW}` }, 'text', TEXT_INVALID),
    message({ conversation: TOO_BIG_ID, text: 'Hi' }, 'conversation', ID_INVALID),
    message({ conversation: 1e300, text: 'Hi' }, 'conversation', ID_INVALID),
    report({ profile: f.other, details: `Spam${NUL}` }, 'details', TEXT_INVALID),
    report({ profile: f.other, details: `Spam ${LONE_HIGH}` }, 'details', TEXT_INVALID),
    report({ profile: TOO_BIG_ID }, 'profile', ID_INVALID),
    report({ profile: f.other, conversation: TOO_BIG_ID }, 'conversation', ID_INVALID),
    {
      name: 'delete chat past 2³¹',
      operations: chatEndpoint,
      path: '/api/chat.php',
      method: 'DELETE',
      ...member,
      body: { conversation: TOO_BIG_ID },
      issue: { path: 'conversation', message: ID_INVALID },
    },
    {
      name: 'typing past 2³¹',
      operations: typingEndpoint,
      path: '/api/typing.php',
      method: 'POST',
      ...member,
      body: { conversation: TOO_BIG_ID },
      issue: { path: 'conversation', message: ID_INVALID },
    },
    profileRef(likesEndpoint, '/api/likes.php', 'POST', TOO_BIG_ID),
    profileRef(likesEndpoint, '/api/likes.php', 'DELETE', TOO_BIG_ID),
    profileRef(blockEndpoint, '/api/block.php', 'POST', TOO_BIG_ID),
    profileRef(blockEndpoint, '/api/block.php', 'DELETE', TOO_BIG_ID),
    profileRef(likesEndpoint, '/api/likes.php', 'POST', 0),
    profileRef(blockEndpoint, '/api/block.php', 'POST', 1.5),
    {
      name: 'search countryregion with NUL',
      operations: searchEndpoint,
      path: '/api/search.php',
      method: 'GET',
      ...member,
      query: { country: 'NL', countryregion: `N${NUL}H` },
      issue: { path: 'countryregion', message: TEXT_INVALID },
    },
    {
      name: 'read messages past 2³¹',
      operations: messagesEndpoint,
      path: '/api/messages.php',
      method: 'GET',
      ...member,
      query: { conversation: TOO_BIG_ID },
      issue: { path: 'conversation', message: ID_INVALID },
    },
    signup('name', `Cor${NUL}pus`, TEXT_INVALID),
    signup('name', `Corpus ${LONE_HIGH}`, TEXT_INVALID),
    signup('referrer', `https://example.com/${NUL}`, TEXT_INVALID),
    signup('referrer', `https://example.com/${LONE_LOW}`, TEXT_INVALID),
    signup('n', `Mozilla${NUL}`, TEXT_INVALID),
    signup('n', `Mozilla ${LONE_HIGH}`, TEXT_INVALID),
    signup('timezone', `Europe/${NUL}`, TEXT_INVALID),
    signup('timezone', `Europe/${LONE_LOW}`, TEXT_INVALID),
    signup('trafficsource', `mf${NUL}`, TEXT_INVALID),
    signup('form_path', `/signup${NUL}`, TEXT_INVALID),
    signup('csrf', `abc${NUL}`, TEXT_INVALID),
    signup('token', `t${NUL}`, TEXT_INVALID),
    signup('email', `corpus${NUL}@example.com`, TEXT_INVALID),
    signup('password', `secret${NUL}pass`, TEXT_INVALID),
    signup('profile', TOO_BIG_ID, ID_INVALID),
  ];
}
