import { newPassword } from '@app/contract/auth';
import { type Config, DEV_ENCRYPTION_KEY } from './config';
import type { Database } from './db/client';
import { applyMigrations } from './db/migrate';
import { checkEncryptionKey } from './lib/key-check';
import { seedMessageTemplates } from './modules/messages/templates';
import { seedDemoContent } from './seed/content';
import { seedDemoCoupons } from './seed/coupons';
import { seedDemoField } from './seed/field';
import { seedDemoGames } from './seed/games';
import { seedDemoGiftVouchers } from './seed/gift-vouchers';
import { seedDemoMembers } from './seed/members';
import { seedDemoNotifications } from './seed/notifications';
import { seedDemoPointsExpiry } from './seed/points-expiry';
import { seedDemoProjects } from './seed/projects';
import { seedDemoRedemptions } from './seed/redemptions';
import { seedRoles } from './seed/roles';
import { hasStaff, seedDemoStaff, seedFirstAdmin } from './seed/staff';
import { seedDemoStores } from './seed/stores';
import { seedDemoTiers } from './seed/tiers';

export interface PrepareOptions {
  seedDemo: boolean;
  firstAdmin?: { email: string; password: string };
  /** The key demo KYC numbers are encrypted with (the configured one; the dev key by default). */
  encryptionKey?: Buffer;
  previousEncryptionKey?: Buffer | null;
}

/**
 * Brings a database to the current schema and seeds what it lacks: the built-in roles and message
 * templates always,
 * demo data only into an empty database of the demo profile. Safe to run from many instances.
 */
export async function prepareDatabase(
  database: Database,
  options: PrepareOptions,
): Promise<{ seeded: boolean }> {
  let seeded = false;
  await applyMigrations(database, async () => {
    await checkEncryptionKey(database, options);
    await seedRoles(database.db);
    await seedMessageTemplates(database.db);
    if (await hasStaff(database.db)) return;
    if (options.seedDemo) {
      await seedDemoStaff(database.db);
      await seedDemoMembers(database.db, options.encryptionKey ?? DEV_ENCRYPTION_KEY);
      await seedDemoCoupons(database);
      await seedDemoRedemptions(database);
      await seedDemoGiftVouchers(database, options.encryptionKey ?? DEV_ENCRYPTION_KEY);
      await seedDemoProjects(database);
      await seedDemoGames(database);
      await seedDemoStores(database);
      await seedDemoNotifications(database);
      await seedDemoContent(database);
      await seedDemoField(database, options.encryptionKey ?? DEV_ENCRYPTION_KEY);
      await seedDemoPointsExpiry(database);
      await seedDemoTiers(database);
      // The demo history's decisions queued step messages to made-up members: history, not news.
      await database.executeSql('delete from member_messages');
      seeded = true;
    } else if (options.firstAdmin) {
      await seedFirstAdmin(database.db, options.firstAdmin.email, options.firstAdmin.password);
    }
  });
  return { seeded };
}

export const prepareOptions = (config: Config, env: NodeJS.ProcessEnv = process.env): PrepareOptions => ({
  seedDemo: config.seedDemo,
  encryptionKey: config.encryptionKey,
  previousEncryptionKey: config.previousEncryptionKey,
  firstAdmin:
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? { email: env.ADMIN_EMAIL, password: firstAdminPassword(env.ADMIN_PASSWORD) }
      : undefined,
});

/** The first account's password obeys the one password rule, like every password set later. */
function firstAdminPassword(password: string): string {
  const refusal = newPassword.safeParse(password).error?.issues[0]?.message;
  if (refusal) throw new Error(`Invalid configuration: ADMIN_PASSWORD: ${refusal}`);
  return password;
}
