import type { MessageChannel, MessageLanguage } from '@app/contract/messages';
import {
  REGIONAL_LANGUAGES,
  REGIONAL_TEXTS,
  type RegionalLanguage,
  type RegionalText,
} from './templates.regional';

/**
 * The events members are told about, with what the code needs to know of each: which variables are
 * secret (encrypted in the outbox, erased once sent) and how urgent it is (lower goes first). The texts
 * themselves are data (MESSAGE_TEXTS below, seeded into `message_templates`), one row per language.
 */
export const MESSAGE_EVENTS = {
  otp: { secret: ['code'], priority: 0 },
  'registration.approved': { secret: [], priority: 5 },
  'registration.rejected': { secret: [], priority: 5 },
  'kyc.approved': { secret: [], priority: 5 },
  'kyc.rejected': { secret: [], priority: 5 },
  'redemption.approved': { secret: [], priority: 5 },
  'redemption.approved_cash': { secret: [], priority: 5 },
  'redemption.rejected': { secret: [], priority: 5 },
  'redemption.paid': { secret: [], priority: 5 },
  'redemption.paid_upi': { secret: [], priority: 5 },
  'redemption.dispatched': { secret: [], priority: 5 },
  'redemption.delivered': { secret: [], priority: 5 },
  'redemption.returned': { secret: [], priority: 5 },
  // The code and PIN are read from the redemption's voucher when the message is sent (the cause),
  // so they are never copied into the outbox.
  'voucher.issued': { secret: [], priority: 5, fromCause: ['code', 'pin'] },
  'project.approved': { secret: [], priority: 5 },
  'project.rejected': { secret: [], priority: 5 },
  'feedback.in_progress': { secret: [], priority: 5 },
  'feedback.resolved': { secret: [], priority: 5 },
  'points.expiring': { secret: [], priority: 6 },
  'privacy.done': { secret: [], priority: 5 },
  'privacy.rejected': { secret: [], priority: 5 },
  'privacy.erasure_notice': { secret: [], priority: 5 },
  'privacy.breach': { secret: [], priority: 4 },
  'scan.hold_cleared': { secret: [], priority: 5 },
  /** A staff notification fanned out to members: promotional (a muted member does not get it). */
  notification: { secret: [], priority: 9, promotional: true },
} as const satisfies Record<
  string,
  { secret: readonly string[]; priority: number; fromCause?: readonly string[]; promotional?: boolean }
>;

/** Variables the worker reads from the cause at send time (never stored in the outbox). */
export const fromCauseOf = (key: MessageEvent): readonly string[] => {
  const event = MESSAGE_EVENTS[key] as { fromCause?: readonly string[] };
  return event.fromCause ?? [];
};

/** Promotional events are not sent to a member who muted them; transactional ones always are. */
export const isPromotional = (key: MessageEvent): boolean =>
  Boolean((MESSAGE_EVENTS[key] as { promotional?: boolean }).promotional);

export type MessageEvent = keyof typeof MESSAGE_EVENTS;

export interface MessageText {
  key: MessageEvent;
  channel: MessageChannel;
  language: MessageLanguage;
  /** `{variable}` placeholders; each one at most 30 characters in an SMS (DLT's limit per variable). */
  body: string;
}

/**
 * A push message's title, per event and language: a push template's first line is its title, the
 * rest its body (the SMS wording unless PUSH_TEXTS says otherwise). An event without one here (the
 * one-time code, a notification, whose title is its own) is pushed under the notification's title
 * or "Action Tesa".
 */
const PUSH_TITLES: Partial<Record<MessageEvent, { en: string; hi: string }>> = {
  'points.expiring': { en: 'Points expiring', hi: 'पॉइंट समाप्त होने वाले हैं' },
  'registration.approved': { en: 'Registration approved', hi: 'पंजीकरण स्वीकृत' },
  'registration.rejected': { en: 'Registration not approved', hi: 'पंजीकरण स्वीकृत नहीं हुआ' },
  'kyc.approved': { en: 'KYC verified', hi: 'KYC सत्यापित' },
  'kyc.rejected': { en: 'KYC rejected', hi: 'KYC अस्वीकृत' },
  'redemption.approved': { en: 'Redemption approved', hi: 'रिडेम्प्शन स्वीकृत' },
  'redemption.approved_cash': { en: 'Cash redemption approved', hi: 'नकद रिडेम्प्शन स्वीकृत' },
  'scan.hold_cleared': { en: 'Points cleared', hi: 'पॉइंट मुक्त हुए' },
  'privacy.done': { en: 'Privacy request complete', hi: 'गोपनीयता अनुरोध पूरा' },
  'privacy.rejected': { en: 'Privacy request declined', hi: 'गोपनीयता अनुरोध अस्वीकार' },
  'privacy.erasure_notice': { en: 'Your data will be erased', hi: 'आपका डेटा मिटाया जाएगा' },
  'privacy.breach': { en: 'Security incident', hi: 'सुरक्षा घटना' },
  'redemption.rejected': { en: 'Redemption rejected', hi: 'रिडेम्प्शन अस्वीकृत' },
  'redemption.paid': { en: 'Payment sent', hi: 'भुगतान भेजा गया' },
  'redemption.paid_upi': { en: 'Payment sent', hi: 'भुगतान भेजा गया' },
  'redemption.dispatched': { en: 'Reward dispatched', hi: 'उपहार भेजा गया' },
  'redemption.delivered': { en: 'Reward delivered', hi: 'उपहार पहुँच गया' },
  'redemption.returned': { en: 'Reward returned', hi: 'उपहार वापस आया' },
  'voucher.issued': { en: 'E-voucher issued', hi: 'ई-वाउचर जारी' },
  'project.approved': { en: 'Project approved', hi: 'प्रोजेक्ट स्वीकृत' },
  'project.rejected': { en: 'Project not approved', hi: 'प्रोजेक्ट स्वीकृत नहीं हुआ' },
  'feedback.in_progress': { en: 'Feedback in progress', hi: 'प्रतिक्रिया पर काम जारी' },
  'feedback.resolved': { en: 'Feedback resolved', hi: 'प्रतिक्रिया का समाधान' },
};

/**
 * Push bodies that differ from the SMS: a push shows on a locked screen, so an e-voucher's code
 * and PIN go by SMS/WhatsApp and in the app only.
 */
const PUSH_TEXTS: Partial<Record<MessageEvent, { en: string; hi: string }>> = {
  'voucher.issued': {
    en: 'Your {reward} e-voucher is ready. Open the app to see its code and PIN.',
    hi: 'आपका {reward} ई-वाउचर तैयार है। उसका कोड और PIN देखने के लिए ऐप खोलें।',
  },
};

/** A push template's title and body (its first line is the title, when it has more than one). */
export function pushTitleAndBody(text: string, fallbackTitle: string): { title: string; body: string } {
  const newline = text.indexOf('\n');
  if (newline < 0) return { title: fallbackTitle, body: text };
  return { title: text.slice(0, newline).trim() || fallbackTitle, body: text.slice(newline + 1).trim() };
}

/** Every event has its Marathi, Gujarati and Tamil texts (the type refuses a missing one). */
const regional: Record<MessageEvent, Record<RegionalLanguage, RegionalText>> = REGIONAL_TEXTS;

/**
 * One event's text on every channel (WhatsApp templates use the SMS wording; push adds a title), in
 * English and Hindi as given and in the regional languages from templates.regional.ts.
 */
const sms = (key: MessageEvent, en: string, hi: string): MessageText[] => {
  const title = PUSH_TITLES[key];
  const push = PUSH_TEXTS[key] ?? { en, hi };
  const texts: { language: MessageLanguage; sms: string; title?: string; push: string }[] = [
    { language: 'en', sms: en, title: title?.en, push: push.en },
    { language: 'hi', sms: hi, title: title?.hi, push: push.hi },
    ...REGIONAL_LANGUAGES.map((language) => {
      const text = regional[key][language];
      return { language, sms: text.sms, title: text.title, push: text.push ?? text.sms };
    }),
  ];
  return texts.flatMap((t) => [
    { key, channel: 'sms' as const, language: t.language, body: t.sms },
    { key, channel: 'whatsapp' as const, language: t.language, body: t.sms },
    { key, channel: 'push' as const, language: t.language, body: t.title ? `${t.title}\n${t.push}` : t.push },
  ]);
};

/**
 * English and Hindi (Devanagari) texts of every event (Marathi, Gujarati, Tamil: templates.regional.ts). DLT template ids are registered per business,
 * so they are set on the rows (or MSG91_DLT_TEMPLATE_IDS), not here. The English one-time code text is
 * the one the demo log has always shown (`SMS to <mobile>: Your Action Tesa code is 123456. …`).
 */
export const MESSAGE_TEXTS: MessageText[] = [
  ...sms(
    'privacy.done',
    'Dear {name}, your privacy request {reference} is complete. Open the Action Tesa app to read the answer.',
    'प्रिय {name}, आपका गोपनीयता अनुरोध {reference} पूरा हो गया है। उत्तर पढ़ने के लिए Action Tesa ऐप खोलें।',
  ),
  ...sms(
    'privacy.rejected',
    'Dear {name}, your privacy request {reference} was declined. Open the Action Tesa app to read why; you may complain to the Data Protection Board.',
    'प्रिय {name}, आपका गोपनीयता अनुरोध {reference} अस्वीकार हुआ। कारण ऐप में पढ़ें; आप डेटा संरक्षण बोर्ड से शिकायत कर सकते हैं।',
  ),
  ...sms(
    'privacy.erasure_notice',
    'Dear {name}, your Action Tesa personal data will be erased after {date}. To keep your account, open the app before then.',
    'प्रिय {name}, आपका Action Tesa व्यक्तिगत डेटा {date} के बाद मिटा दिया जाएगा। खाता रखने के लिए उससे पहले ऐप खोलें।',
  ),
  ...sms(
    'privacy.breach',
    'Dear {name}, a security incident ({reference}) may have exposed some of your Action Tesa data. Do not share OTPs; call support to know more.',
    'प्रिय {name}, एक सुरक्षा घटना ({reference}) में आपका कुछ Action Tesa डेटा उजागर हो सकता है। OTP साझा न करें; अधिक जानने के लिए सहायता से संपर्क करें।',
  ),
  ...sms(
    'points.expiring',
    'Dear {name}, {points} of your Action Tesa points expire on {date}. Redeem them before then.',
    'प्रिय {name}, आपके {points} Action Tesa पॉइंट {date} को समाप्त हो जाएंगे। उससे पहले उन्हें रिडीम करें।',
  ),
  ...sms(
    'otp',
    'Your Action Tesa code is {code}. It expires in {minutes} minutes.',
    'आपका Action Tesa कोड {code} है। यह {minutes} मिनट में समाप्त हो जाएगा।',
  ),
  ...sms(
    'registration.approved',
    'Dear {name}, your Action Tesa registration is approved. Welcome!',
    'प्रिय {name}, आपका Action Tesa पंजीकरण स्वीकृत हो गया है। स्वागत है!',
  ),
  ...sms(
    'registration.rejected',
    'Dear {name}, your Action Tesa registration was not approved. Reason: {reason}',
    'प्रिय {name}, आपका Action Tesa पंजीकरण स्वीकृत नहीं हुआ। कारण: {reason}',
  ),
  ...sms(
    'kyc.approved',
    'Dear {name}, your Action Tesa KYC is verified.',
    'प्रिय {name}, आपका Action Tesa KYC सत्यापित हो गया है।',
  ),
  ...sms(
    'kyc.rejected',
    'Dear {name}, your Action Tesa KYC was rejected. Reason: {reason}. Please submit it again in the app.',
    'प्रिय {name}, आपका Action Tesa KYC अस्वीकार कर दिया गया। कारण: {reason}। कृपया ऐप में फिर से जमा करें।',
  ),
  ...sms(
    'redemption.approved',
    'Action Tesa: your redemption {reference} for {reward} is approved.',
    'Action Tesa: {reward} के लिए आपका रिडेम्प्शन {reference} स्वीकृत हो गया है।',
  ),
  // Cash has no reward name: its own text gives the kind in the member's words and the money in rupees.
  ...sms(
    'redemption.approved_cash',
    'Action Tesa: your cash redemption {reference} is approved: Rs {gross}, TDS Rs {tds}, you get Rs {amount}.',
    'Action Tesa: आपका नकद रिडेम्प्शन {reference} स्वीकृत हो गया है: ₹{gross}, TDS ₹{tds}, आपको ₹{amount} मिलेंगे।',
  ),
  ...sms(
    'redemption.rejected',
    'Action Tesa: your redemption {reference} was rejected. Reason: {reason}',
    'Action Tesa: आपका रिडेम्प्शन {reference} अस्वीकार कर दिया गया। कारण: {reason}',
  ),
  ...sms(
    'redemption.paid',
    'Action Tesa: Rs {amount} for your redemption {reference} is paid to your bank account (Rs {gross} less TDS Rs {tds}). UTR {utr}.',
    'Action Tesa: आपके रिडेम्प्शन {reference} के ₹{amount} (₹{gross} में से TDS ₹{tds} काटकर) आपके बैंक खाते में भेज दिए गए हैं। UTR {utr}।',
  ),
  // Its own event, not a changed text: the built-in texts only fill what a database lacks, so an
  // existing database gets the UPI wording this way while staff edits of the bank one stay.
  ...sms(
    'redemption.paid_upi',
    'Action Tesa: Rs {amount} for your redemption {reference} is paid to your UPI ID (Rs {gross} less TDS Rs {tds}). UTR {utr}.',
    'Action Tesa: आपके रिडेम्प्शन {reference} के ₹{amount} (₹{gross} में से TDS ₹{tds} काटकर) आपकी UPI ID पर भेज दिए गए हैं। UTR {utr}।',
  ),
  ...sms(
    'redemption.dispatched',
    'Action Tesa: your reward for redemption {reference} is dispatched by {courier}, AWB {awb}. Track: {link}',
    'Action Tesa: रिडेम्प्शन {reference} का आपका उपहार {courier} से भेज दिया गया है, AWB {awb}। ट्रैक करें: {link}',
  ),
  ...sms(
    'redemption.delivered',
    'Action Tesa: your reward for redemption {reference} is delivered.',
    'Action Tesa: रिडेम्प्शन {reference} का आपका उपहार पहुँचा दिया गया है।',
  ),
  ...sms(
    'redemption.returned',
    'Action Tesa: your reward for redemption {reference} could not be delivered and came back to us. We will contact you.',
    'Action Tesa: रिडेम्प्शन {reference} का आपका उपहार डिलीवर नहीं हो सका और हमारे पास लौट आया है। हम आपसे संपर्क करेंगे।',
  ),
  ...sms(
    'voucher.issued',
    'Action Tesa: your {reward} e-voucher code is {code}, PIN {pin}. Do not share it with anyone.',
    'Action Tesa: आपके {reward} ई-वाउचर का कोड {code} और PIN {pin} है। इसे किसी के साथ साझा न करें।',
  ),
  ...sms(
    'project.approved',
    'Action Tesa: your project {project} is approved. Bonus: {points} points.',
    'Action Tesa: आपका प्रोजेक्ट {project} स्वीकृत हो गया है। बोनस: {points} अंक।',
  ),
  ...sms(
    'project.rejected',
    'Action Tesa: your project {project} was not approved. Reason: {reason}',
    'Action Tesa: आपका प्रोजेक्ट {project} स्वीकृत नहीं हुआ। कारण: {reason}',
  ),
  ...sms(
    'feedback.in_progress',
    'Action Tesa: we are working on your feedback {reference}. See our reply in the app.',
    'Action Tesa: हम आपकी प्रतिक्रिया {reference} पर काम कर रहे हैं। ऐप में हमारा उत्तर देखें।',
  ),
  ...sms(
    'feedback.resolved',
    'Action Tesa: your feedback {reference} is resolved. See our reply in the app.',
    'Action Tesa: आपकी प्रतिक्रिया {reference} का समाधान हो गया है। ऐप में हमारा उत्तर देखें।',
  ),
  ...sms(
    'scan.hold_cleared',
    'Action Tesa: the {points} points of your scan {code} are cleared after review and can now be redeemed.',
    'Action Tesa: आपके स्कैन {code} के {points} पॉइंट जाँच के बाद मुक्त हो गए हैं और अब रिडीम किए जा सकते हैं।',
  ),
  ...sms('notification', '{title}: {message}', 'सूचना — {title}: {message}'),
];
