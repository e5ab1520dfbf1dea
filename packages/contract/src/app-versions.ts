import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { text } from './input';

/** Update Version (`/dashboard/update_version`, PRODUCT.md 3.8): what the app must update to. */

export const APP_VERSIONS_PAGE = '/dashboard/update_version';
export const APP_VERSION_ENTITY = 'app_version';

export const APP_PLATFORMS = ['android', 'ios'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

export const APP_VERSION_MESSAGES = {
  version: 'A semantic version such as 1.2.3 or 2.0.0-beta.1',
  minimumAboveLatest: 'The minimum supported version cannot be newer than the latest version',
  platform: 'Platform: android or ios',
  notPublished: 'No version has been set for this platform yet',
} as const;

/** semver.org's own pattern: MAJOR.MINOR.PATCH, optional pre-release and build, no leading zeros. */
export const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

export const semverText = text(64, {
  required: APP_VERSION_MESSAGES.version,
  tooLong: APP_VERSION_MESSAGES.version,
}).regex(SEMVER_PATTERN, APP_VERSION_MESSAGES.version);

export const platformParams = z.object({
  platform: z.enum(APP_PLATFORMS, { error: APP_VERSION_MESSAGES.platform }),
});

export const appVersionBody = z.object({
  latest: semverText,
  minimum: semverText,
  force: z.boolean(),
  notes: text(1000, { multiline: true }).default(''),
});
export type AppVersionBody = z.infer<typeof appVersionBody>;

/** One setting of a platform; every change is a new row (history), the newest is current. */
export const appVersionRow = z.object({
  id: z.number().int(),
  platform: z.enum(APP_PLATFORMS),
  latest: z.string(),
  minimum: z.string(),
  force: z.boolean(),
  notes: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type AppVersionRow = z.infer<typeof appVersionRow>;

export const currentVersions = z.object({
  android: appVersionRow.nullable(),
  ios: appVersionRow.nullable(),
});
export type CurrentVersions = z.infer<typeof currentVersions>;

export const APP_VERSION_FILTERS = ['platform', 'createdAt'] as const;

/** GET /api/app/version?platform=android&current=1.2.3 (public). */
export const versionCheckQuery = z.object({
  platform: z.enum(APP_PLATFORMS, { error: APP_VERSION_MESSAGES.platform }),
  current: semverText,
});
export const versionCheck = z.object({
  latest: z.string(),
  minimum: z.string(),
  /** Below the minimum, or below the latest while the force flag is on. */
  mustUpdate: z.boolean(),
  notes: z.string(),
});
export type VersionCheck = z.infer<typeof versionCheck>;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['app versions'] as const;

/** Update Version: each platform's versions, their history and the change of one. */
export const appVersionsEndpoints = {
  history: listEndpoints('/admin/app-versions/history', {
    access: { page: APP_VERSIONS_PAGE },
    row: appVersionRow,
    tags,
    summary: 'Every change of the app versions',
  }),
  current: endpoint({
    method: 'GET',
    path: '/admin/app-versions',
    access: { page: APP_VERSIONS_PAGE },
    tags,
    summary: 'The current setting of each platform',
    response: currentVersions,
  }),
  set: endpoint({
    method: 'PUT',
    path: '/admin/app-versions/:platform',
    access: { action: 'app-versions.update' },
    tags,
    summary: 'Set a platform’s latest and minimum supported versions and the force flag (kept as history)',
    params: platformParams,
    body: appVersionBody,
    response: appVersionRow,
  }),
};

/** The apps' version check (before signing in). */
export const appVersionEndpoints = {
  check: endpoint({
    method: 'GET',
    path: '/app/version',
    access: 'public',
    tags: ['member app'],
    summary: 'Whether the app at version `current` must update (semantic-version comparison)',
    query: versionCheckQuery,
    response: versionCheck,
  }),
};
