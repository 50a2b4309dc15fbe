import type { Operation } from './api';
import * as adminAffiliates from './admin/affiliates';
import * as adminAuth from './admin/auth';
import * as adminDashboard from './admin/dashboard';
import * as adminMembers from './admin/members';
import * as adminModeration from './admin/moderation';
import * as adminOperators from './admin/operators';
import * as adminPayments from './admin/payments';
import * as adminPhotos from './admin/photos';
import * as account from './endpoints/account';
import * as activate from './endpoints/activate';
import * as chat from './endpoints/chat';
import * as dataExport from './endpoints/data-export';
import * as dev from './endpoints/dev';
import * as emailChange from './endpoints/email-change';
import * as geocode from './endpoints/geocode';
import * as likes from './endpoints/likes';
import * as login from './endpoints/login';
import * as logout from './endpoints/logout';
import * as lookups from './endpoints/lookups';
import * as notifications from './endpoints/notifications';
import * as pageHidden from './endpoints/page-hidden';
import * as password from './endpoints/password';
import * as payments from './endpoints/payments';
import * as profileFields from './endpoints/profile-fields';
import * as profileImage from './endpoints/profile-image';
import * as safety from './endpoints/safety';
import * as search from './endpoints/search';
import * as sessions from './endpoints/sessions';
import * as settings from './endpoints/settings';
import * as user from './endpoints/user';
import * as validateEmail from './endpoints/validate-email';
import * as xcams from './endpoints/xcams';

/**
 * Every operation of both APIs (docs/architecture.md, "Operations"), read from the handler
 * modules: every exported array of `defineOperation(...)` values. A new operation in an existing
 * module is found without listing it; a new module is one import line here. The member API's
 * catch-all route (`src/pages/api/[...path].ts`) and the operator API's
 * (`src/pages/admin/api/[...path].ts`) dispatch over these by the contracts' paths.
 */

function operationsIn(modules: readonly object[]): Operation[] {
  return modules
    .flatMap((exports) =>
      Object.values(exports).filter(
        (value): value is Operation[] =>
          Array.isArray(value) && value.length > 0 && value.every((op) => typeof op === 'object' && 'contract' in op),
      ),
    )
    .flat();
}

/** The member API's operations (`/api/*`). */
export const memberOperations: readonly Operation[] = operationsIn([
  account,
  activate,
  chat,
  dataExport,
  dev,
  emailChange,
  geocode,
  likes,
  login,
  logout,
  lookups,
  notifications,
  pageHidden,
  password,
  payments,
  profileFields,
  profileImage,
  safety,
  search,
  sessions,
  settings,
  user,
  validateEmail,
  xcams,
]);

/** The operator API's operations (`/admin/api/*`, auth level `operator`). */
export const operatorOperations: readonly Operation[] = operationsIn([
  adminAffiliates,
  adminAuth,
  adminDashboard,
  adminMembers,
  adminModeration,
  adminOperators,
  adminPayments,
  adminPhotos,
]);

/** Both, for checks that every contract has exactly one handler. */
export const allOperations: readonly Operation[] = [...memberOperations, ...operatorOperations];
