#!/bin/sh
# Regenerates the single init migration from db/schema and re-adds the custom migrations drizzle-kit
# cannot generate (triggers), which must stay last. Run from apps/server:
#   flock /tmp/migrations.lock sh src/db/custom/regenerate.sh
set -e
rm -rf src/db/migrations
npx drizzle-kit generate --name init
for custom in ledger_append_only points_and_scans sync_timestamps webhooks; do
  npx drizzle-kit generate --custom --name "$custom"
  cp "src/db/custom/$custom.sql" "$(ls src/db/migrations/*_"$custom".sql)"
done
