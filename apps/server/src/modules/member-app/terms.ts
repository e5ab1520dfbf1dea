import { sql } from 'drizzle-orm';
import { termsVersions } from '../../db/schema/members';

/** The version of the terms in force: the latest published by now, or null before the first. */
export const currentTermsVersionSql = sql<
  string | null
>`(select ${termsVersions.version} from ${termsVersions}
  where ${termsVersions.publishedAt} <= now() order by ${termsVersions.publishedAt} desc limit 1)`;
