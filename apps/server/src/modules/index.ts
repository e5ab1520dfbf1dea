import type { ModuleContribution } from '../lib/module-contribution';
import { adjustmentsModule } from './adjustments/adjustments.module';
import { appVersionsModule } from './app-versions/app-versions.module';
import { auditModule } from './audit/audit.module';
import { authModule } from './auth/auth.module';
import { channelModule } from './channel/channel.module';
import { contentModule } from './content/content.module';
import { couponAllocationsModule } from './coupon-allocations/coupon-allocations.module';
import { couponBatchesModule } from './coupon-batches/coupon-batches.module';
import { couponPrintsModule } from './coupon-prints/coupon-prints.module';
import { couponScansModule } from './coupon-scans/coupon-scans.module';
import { couponStockModule } from './coupon-stock/coupon-stock.module';
import { couponsModule } from './coupons/coupons.module';
import { courierRedemptionsModule } from './courier-redemptions/courier-redemptions.module';
import { damagedCouponsModule } from './damaged-coupons/damaged-coupons.module';
import { dashboardModule } from './dashboard/dashboard.module';
import { distributorsModule } from './distributors/distributors.module';
import { employeesModule } from './employees/employees.module';
import { feedbackModule } from './feedback/feedback.module';
import { filesModule } from './files/files.module';
import { fraudRulesModule } from './fraud-rules/fraud-rules.module';
import { gamesModule } from './games/games.module';
import { giftVouchersModule } from './gift-vouchers/gift-vouchers.module';
import { healthModule } from './health/health.module';
import { housekeepingModule } from './housekeeping/housekeeping.module';
import { integrationsModule } from './integrations/integrations.module';
import { invoicesModule } from './invoices/invoices.module';
import { kycModule } from './kyc/kyc.module';
import { ledgerModule } from './ledger/ledger.module';
import { mapsModule } from './maps/maps.module';
import { memberAppModule } from './member-app/member-app.module';
import { membersModule } from './members/members.module';
import { messagesModule } from './messages/messages.module';
import { notificationsModule } from './notifications/notifications.module';
import { payoutsModule } from './payouts/payouts.module';
import { pointsExpiryModule } from './points-expiry/points-expiry.module';
import { pointsLimitsModule } from './points-limits/points-limits.module';
import { pointsSettingsModule } from './points-settings/points-settings.module';
import { privacyModule } from './privacy/privacy.module';
import { productsModule } from './products/products.module';
import { projectsModule } from './projects/projects.module';
import { redemptionsModule } from './redemptions/redemptions.module';
import { reportsModule } from './reports/reports.module';
import { rolesModule } from './roles/roles.module';
import { scanHoldsModule } from './scan-holds/scan-holds.module';
import { schemePointsModule } from './scheme-points/scheme-points.module';
import { schemesModule } from './schemes/schemes.module';
import { segmentsModule } from './segments/segments.module';
import { staffModule } from './staff/staff.module';
import { storesModule } from './stores/stores.module';
import { tiersModule } from './tiers/tiers.module';
import { webhooksModule } from './webhooks/webhooks.module';

/**
 * Every module of the server, each with what it contributes (`<module>/<module>.module.ts`). routes.ts,
 * tasks.ts, the report sources and the dashboard cards are folds over this list; a new domain adds
 * one line here. The order is the dashboard's display order of cards across modules.
 */
export const MODULES: readonly ModuleContribution[] = [
  healthModule,
  authModule,
  filesModule,
  staffModule,
  auditModule,
  rolesModule,
  dashboardModule,
  reportsModule,
  productsModule,
  couponBatchesModule,
  couponPrintsModule,
  distributorsModule,
  invoicesModule,
  couponAllocationsModule,
  damagedCouponsModule,
  couponStockModule,
  couponScansModule,
  memberAppModule,
  kycModule,
  membersModule,
  channelModule,
  segmentsModule,
  couponsModule,
  adjustmentsModule,
  ledgerModule,
  pointsSettingsModule,
  schemePointsModule,
  schemesModule,
  giftVouchersModule,
  courierRedemptionsModule,
  redemptionsModule,
  payoutsModule,
  pointsExpiryModule,
  pointsLimitsModule,
  tiersModule,
  integrationsModule,
  fraudRulesModule,
  scanHoldsModule,
  employeesModule,
  mapsModule,
  storesModule,
  projectsModule,
  feedbackModule,
  gamesModule,
  notificationsModule,
  appVersionsModule,
  contentModule,
  messagesModule,
  webhooksModule,
  privacyModule,
  housekeepingModule,
];
