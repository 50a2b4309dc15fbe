import * as adminAffiliates from './admin/affiliates';
import * as adminAuth from './admin/auth';
import * as adminDashboard from './admin/dashboard';
import * as adminMembers from './admin/members';
import * as adminModeration from './admin/moderation';
import * as adminOperators from './admin/operators';
import * as adminPayments from './admin/payments';
import * as adminPhotos from './admin/photos';
import * as accountDeletion from './account-deletion';
import * as activation from './activation';
import * as auth from './auth';
import * as chat from './chat';
import * as dataExport from './data-export';
import type { Contract } from './define';
import * as dev from './dev';
import * as emailChange from './email-change';
import * as emailCheck from './email-check';
import * as geocode from './geocode';
import * as likes from './likes';
import * as lookups from './lookups';
import * as notifications from './notifications';
import * as password from './password';
import * as payments from './payments';
import * as photos from './photos';
import * as profileUpdate from './profile-update';
import * as push from './push';
import * as safety from './safety';
import * as search from './search';
import * as sessions from './sessions';
import * as settings from './settings';
import * as upload from './upload';
import * as xcams from './xcams';

/**
 * Every contract of both APIs (docs/architecture.md, "Operations"), read from the contract
 * modules: each export named `<name>Contract` is the contract of operation `<name>`. A new
 * operation in an existing area is found without listing it; a new area is one import line here.
 * Server-side and tooling only (the browser reaches operations through ./routes and `Operations`).
 * These are the member API's contract modules by area (the docs' operations table groups by it).
 */
export const memberContractModules = {
  'account-deletion': accountDeletion,
  activation,
  auth,
  chat,
  'data-export': dataExport,
  dev,
  'email-change': emailChange,
  'email-check': emailCheck,
  geocode,
  likes,
  lookups,
  notifications,
  password,
  payments,
  photos,
  'profile-update': profileUpdate,
  push,
  safety,
  search,
  sessions,
  settings,
  upload,
  xcams,
};

/** The operator API's contract modules by console section, in the console's order. */
export const operatorContractModules = {
  auth: adminAuth,
  dashboard: adminDashboard,
  members: adminMembers,
  moderation: adminModeration,
  photos: adminPhotos,
  payments: adminPayments,
  affiliates: adminAffiliates,
  operators: adminOperators,
};

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;
/** All exports of a map of modules as one module. */
type Merged<M> = UnionToIntersection<M[keyof M]>;

function merged<M extends Record<string, object>>(modules: M): Merged<M> {
  return Object.assign({}, ...Object.values(modules)) as Merged<M>;
}

const memberModules = merged(memberContractModules);
const operatorModules = merged(operatorContractModules);

/** The `<name>Contract` exports of a module, keyed by `<name>` (a type: the registry `Operations` is this). */
export type ContractsIn<M> = {
  [K in keyof M as K extends `${infer Name}Contract` ? (M[K] extends Contract ? Name : never) : never]: M[K];
};

/** Each member operation's contract type by name (`Operations` in ./operations.ts). */
export type MemberContracts = ContractsIn<typeof memberModules>;
/** Each operator operation's contract type by export name without `Contract`. */
export type OperatorContracts = ContractsIn<typeof operatorModules>;

function contractsIn<M extends object>(modules: M): ContractsIn<M> {
  const found: Record<string, Contract> = {};
  for (const [key, value] of Object.entries(modules)) {
    const name = /^(.+)Contract$/.exec(key)?.[1];
    if (name && typeof value === 'object' && value !== null && 'path' in value && 'response' in value) {
      found[name] = value as Contract;
    }
  }
  return found as ContractsIn<M>;
}

/** The member API's contracts (`/api/*`, auth `visitor` or `member`) by operation name. */
export const memberContracts: MemberContracts = contractsIn(memberModules);
/** The operator API's contracts (`/admin/api/*`, auth `operator`) by export name without `Contract`. */
export const operatorContracts: OperatorContracts = contractsIn(operatorModules);

/** Every contract of both APIs, member first: the docs' operations table is generated from it. */
export const allContracts: readonly Contract[] = [
  ...(Object.values(memberContracts) as Contract[]),
  ...(Object.values(operatorContracts) as Contract[]),
];
