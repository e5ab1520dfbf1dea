import { z } from 'zod';
import { CONTENT_MESSAGES, contentText, fileId } from './content';
import { text } from './input';

/** Documents (`/dashboard/mainsettings/terms`): versioned terms, privacy policy, scheme rules, FAQ. */

export const DOCUMENT_ENTITY = 'document';
export const DOCUMENT_KINDS = ['terms', 'privacy', 'scheme_rules', 'faq'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  terms: 'Terms and conditions',
  privacy: 'Privacy policy',
  scheme_rules: 'Scheme rules',
  faq: 'FAQ',
};
export const DOCUMENT_FORMATS = ['markdown', 'plain', 'pdf'] as const;
export const DOCUMENT_STATUSES = ['draft', 'published', 'superseded', 'archived'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const DOCUMENT_MESSAGES = {
  kind: 'Choose the kind of document',
  format: 'Choose text (markdown or plain) or PDF',
  body: 'Write the text of the document',
  file: 'Upload the PDF',
  version: 'Version: 1 to 20 letters, digits, dots or dashes (e.g. 1.2)',
  versionTaken: 'This kind already has a document with this version',
  notDraft: 'Only a draft can be changed or published',
} as const;

const MAX_BODY = 100_000;

/**
 * The member app's languages besides English: a text document may have its title and text in each;
 * a member whose language has none (or an empty one) reads the English.
 */
export const DOCUMENT_LANGUAGES = ['hi', 'mr', 'gu', 'ta'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];
const translation = z.object({
  title: text(120, { tooLong: CONTENT_MESSAGES.tooLong(120) }).nullish(),
  body: text(MAX_BODY, { multiline: true, tooLong: CONTENT_MESSAGES.tooLong(MAX_BODY) }).nullish(),
});
export type DocumentTranslation = z.infer<typeof translation>;
export type DocumentTranslations = Partial<Record<DocumentLanguage, DocumentTranslation>>;
const translations = z
  .object(Object.fromEntries(DOCUMENT_LANGUAGES.map((l) => [l, translation.nullish()])))
  .strict() as unknown as z.ZodType<DocumentTranslations>;

const documentFields = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: DOCUMENT_MESSAGES.kind }),
  version: text(20, { required: DOCUMENT_MESSAGES.version, tooLong: DOCUMENT_MESSAGES.version }).regex(
    /^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$/,
    DOCUMENT_MESSAGES.version,
  ),
  title: contentText('Title'),
  format: z.enum(DOCUMENT_FORMATS, { error: DOCUMENT_MESSAGES.format }),
  body: text(MAX_BODY, { multiline: true, tooLong: CONTENT_MESSAGES.tooLong(MAX_BODY) }).nullish(),
  fileId: fileId(DOCUMENT_MESSAGES.file).nullish(),
  translations: translations.optional(),
});

type Fields = Partial<z.infer<typeof documentFields>>;
const formatRule = (b: Fields, ctx: z.RefinementCtx) => {
  if (b.format === 'pdf' && !b.fileId)
    ctx.addIssue({ code: 'custom', path: ['fileId'], message: DOCUMENT_MESSAGES.file });
  if (b.format && b.format !== 'pdf' && !b.body?.trim())
    ctx.addIssue({ code: 'custom', path: ['body'], message: DOCUMENT_MESSAGES.body });
};

export const documentBody = documentFields.superRefine(formatRule);
export type DocumentBody = z.infer<typeof documentBody>;
/** A draft's edit: anything but its kind. */
export const documentUpdateBody = documentFields.omit({ kind: true }).partial();
export type DocumentUpdateBody = z.infer<typeof documentUpdateBody>;
export { formatRule as documentFormatRule };

export const documentRow = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  version: z.string(),
  title: z.string(),
  format: z.enum(DOCUMENT_FORMATS),
  body: z.string().nullable(),
  /** Title and text in the other languages of the member app (empty when only English). */
  translations: translations,
  fileId: z.number().int().nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  publishedAt: z.string().nullable(),
  /** Members who accepted this version (terms only; 0 for other kinds). */
  acceptedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentRow = z.infer<typeof documentRow>;

export const appDocument = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  version: z.string(),
  title: z.string(),
  format: z.enum(DOCUMENT_FORMATS),
  body: z.string().nullable(),
  /** The language the title and text are in: the member's, or `en` when that one is not written. */
  language: z.string(),
  fileUrl: z.string().nullable(),
  publishedAt: z.string(),
});
export type AppDocument = z.infer<typeof appDocument>;
