import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The component of each page, keyed by its path in contract/permissions (the page's permission).
 * Each is lazy-loaded (`lazy(() => import('../features/<domain>/<Page>'))`) so that only the
 * sign-in page and the shell load up front. A page missing here renders as "not built yet".
 * A new page adds one line.
 */
export const PAGE_COMPONENTS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/dashboard': lazy(() => import('../features/dashboard/DashboardPage')),
  '/dashboard/manageadmin': lazy(() => import('../features/staff/StaffPage')),
  '/dashboard/roles': lazy(() => import('../features/roles/RolesPage')),
  '/dashboard/reports/reports_download': lazy(() => import('../features/reports/ReportsDownloadPage')),
  '/dashboard/products/catalogue': lazy(() => import('../features/products/CataloguePage')),
  '/dashboard/generatecoupon': lazy(() => import('../features/coupons/GenerateCouponPage')),
  '/dashboard/printCoupon': lazy(() => import('../features/coupons/PunchHistoryPage')),
  '/dashboard/invoice': lazy(() => import('../features/invoices/InvoicePage')),
  '/dashboard/upload-invoice-history': lazy(() => import('../features/invoices/UploadInvoiceHistoryPage')),
  '/dashboard/coupon-allocation': lazy(() => import('../features/coupons/CouponAllocationPage')),
  '/dashboard/allocation-history': lazy(() => import('../features/coupons/AllocationHistoryPage')),
  '/dashboard/damaged-coupon': lazy(() => import('../features/coupons/DamagedCouponsPage')),
  '/dashboard/approvals/pending_user': lazy(() => import('../features/members/PendingUsersPage')),
  '/dashboard/approvals/rejected_user': lazy(() => import('../features/members/RejectedUsersPage')),
  '/dashboard/users': lazy(() => import('../features/members/UsersPage')),
  '/dashboard/approvals/kyc_verification': lazy(() => import('../features/kyc/KycVerificationPage')),
  '/dashboard/approvals/kyc_history': lazy(() => import('../features/kyc/KycHistoryPage')),
  '/dashboard/approvals/redemption': lazy(() => import('../features/redemptions/RedemptionPage')),
  '/dashboard/referral': lazy(() => import('../features/points/ReferralPointsPage')),
  '/dashboard/joiningpoints': lazy(() => import('../features/points/JoiningPointsPage')),
  '/dashboard/QrPointHistories': lazy(() => import('../features/points/QrPointHistoriesPage')),
  '/dashboard/coupon-stock-report': lazy(() => import('../features/coupons/CouponStockPage')),
  '/dashboard/coupon-dashboard-summary': lazy(() => import('../features/coupons/CouponSummaryPage')),
  '/dashboard/invoice-wise-coupon': lazy(() => import('../features/coupons/InvoiceWiseCouponPage')),
  '/dashboard/scheme': lazy(() => import('../features/schemes/SchemePage')),
  '/dashboard/updateSchemePoints': lazy(() => import('../features/schemes/UpdateSchemePointsPage')),
  '/dashboard/gamespoints': lazy(() => import('../features/games/GamesPointsPage')),
  '/dashboard/QrScanHistories': lazy(() => import('../features/coupons/QrScanHistoryPage')),
  '/dashboard/managecoupon/Coupons': lazy(() => import('../features/gift-vouchers/GiftVouchersPage')),
  '/dashboard/managecoupon/used_coupon': lazy(() => import('../features/gift-vouchers/UsedCouponPage')),
  '/dashboard/managecoupon/bulk_coupon': lazy(() => import('../features/gift-vouchers/BulkCouponPage')),
  '/dashboard/approvals/courier_redemption': lazy(
    () => import('../features/courier-redemptions/CourierRedemptionPage'),
  ),
  '/dashboard/project_registration': lazy(() => import('../features/projects/ProjectRegistrationPage')),
  '/dashboard/feedback': lazy(() => import('../features/feedback/FeedbackPage')),
  '/dashboard/locator': lazy(() => import('../features/stores/LocatorPage')),
  '/dashboard/notifications': lazy(() => import('../features/notifications/NotificationsPage')),
  '/dashboard/update_version': lazy(() => import('../features/app-versions/UpdateVersionPage')),
  '/dashboard/mainsettings/socialconnect': lazy(() => import('./main-settings-page')),
  '/dashboard/mainsettings/terms': lazy(() => import('../features/content/DocumentsPage')),
  '/dashboard/mainsettings/virtualroom': lazy(() => import('../features/content/VirtualRoomPage')),
  '/dashboard/media/gallery': lazy(() => import('../features/content/GalleryPage')),
  '/dashboard/media/banner': lazy(() => import('../features/content/BannerPage')),
  '/dashboard/media/event': lazy(() => import('../features/content/EventPage')),
  '/dashboard/employee': lazy(() => import('../features/field-force/EmployeePage')),
  '/dashboard/bdeEmployee': lazy(() => import('../features/field-force/BdePage')),
  '/dashboard/bda_activity': lazy(() => import('../features/field-force/BdaActivityPage')),
};
