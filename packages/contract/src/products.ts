import { z } from 'zod';
import { optionsEndpoint, recordEndpoints } from './endpoint-kits';
import { text } from './input';

/** Products tab of Manage Catalogue (`/dashboard/products/catalogue`): the SKUs coupons are made for. */

export const PRODUCTS_PAGE = '/dashboard/products/catalogue';
export const PRODUCT_ENTITY = 'product';

export const PRODUCT_MESSAGES = {
  skuRequired: 'SKU code is required',
  skuFormat: 'SKU code: 2 to 32 letters, digits, dashes or underscores',
  skuTaken: 'A product with this SKU code already exists',
  nameRequired: 'Name is required',
  categoryRequired: 'Category is required',
  unitRequired: 'Unit is required',
  pointsRequired: 'Base points are required',
  pointsRange: 'Base points must be a whole number from 0 to 100000',
  tooLong: 'At most 100 characters',
} as const;

const field = (required: string) => text(100, { required, tooLong: PRODUCT_MESSAGES.tooLong });

export const productSku = text(32, {
  required: PRODUCT_MESSAGES.skuRequired,
  tooLong: PRODUCT_MESSAGES.skuFormat,
})
  .regex(/^[A-Za-z0-9_-]{2,32}$/, PRODUCT_MESSAGES.skuFormat)
  .transform((s) => s.toUpperCase());

export const basePoints = z
  .number({ error: PRODUCT_MESSAGES.pointsRequired })
  .int(PRODUCT_MESSAGES.pointsRange)
  .min(0, PRODUCT_MESSAGES.pointsRange)
  .max(100_000, PRODUCT_MESSAGES.pointsRange);

export const productCreateBody = z.object({
  sku: productSku,
  name: field(PRODUCT_MESSAGES.nameRequired),
  category: field(PRODUCT_MESSAGES.categoryRequired),
  unit: field(PRODUCT_MESSAGES.unitRequired),
  basePoints,
  active: z.boolean().default(true),
});
export type ProductCreateBody = z.infer<typeof productCreateBody>;

/** Edit: any field but the SKU code, which coupons and invoices refer to. */
export const productUpdateBody = productCreateBody.omit({ sku: true }).partial();
export type ProductUpdateBody = z.infer<typeof productUpdateBody>;

export const productRow = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  category: z.string(),
  unit: z.string(),
  /**
   * The points a scan earns now: Update Scheme Points' latest change in force, else the points the SKU
   * was created with. Editing it here is a change in force at once (it joins that history).
   */
  basePoints: z.number().int(),
  /** The next scheduled change (Update Scheme Points), if any. */
  nextPoints: z.number().int().nullable(),
  nextEffectiveFrom: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductRow = z.infer<typeof productRow>;

/** What the coupon pages' SKU pickers need. */
export const productOption = productRow.pick({
  id: true,
  sku: true,
  name: true,
  basePoints: true,
  active: true,
});
export type ProductOption = z.infer<typeof productOption>;

export const PRODUCT_FILTERS = ['q', 'category', 'active'] as const;
export const PRODUCT_SORTS = ['id', 'sku', 'name', 'category', 'createdAt'] as const;

/** Products (Manage Catalogue → Products): the list, one SKU, create, edit, and the SKU picker. */
export const productsEndpoints = {
  ...recordEndpoints('/admin/products', {
    page: PRODUCTS_PAGE,
    manage: 'products.manage',
    row: productRow,
    create: productCreateBody,
    update: productUpdateBody,
    summary: 'Products (SKUs)',
    tags: ['products'],
  }),
  // The SKU picker of every coupon, invoice and scheme page: names and points are not sensitive,
  // and those pages belong to roles that do not hold Manage Catalogue.
  options: optionsEndpoint('/admin/products/options', productOption, 'Every SKU, for pickers', ['products']),
};
