import { MESSAGE_CHANNELS, MESSAGE_LANGUAGES, type MessageLanguage } from '@app/contract/messages';
import { describe, expect, it } from 'vitest';
import { cleanVariable, placeholdersOf, renderTemplate } from './templates';
import {
  fromCauseOf,
  MESSAGE_EVENTS,
  MESSAGE_TEXTS,
  type MessageEvent,
  pushTitleAndBody,
} from './templates.data';
import { REGIONAL_TEXTS } from './templates.regional';

const SAMPLE: Record<string, string> = {
  code: '482913',
  minutes: '5',
  name: 'रवि कुमार',
  reason: 'PAN photo is unreadable',
  reference: 'RD000042',
  reward: 'Amazon Pay 500',
  amount: '1,250',
  gross: '1,389',
  tds: '139',
  utr: 'UTIB0000123456',
  courier: 'Blue Dart',
  awb: '12345678901',
  link: 'https://track.example/12345678901',
  pin: '7788',
  project: 'Sharma Villa',
  title: 'Monsoon offer',
  message: 'Double points this week',
  points: '1,200',
  date: '31/03/2027',
};
const DEVANAGARI = /[\u0900-\u097F]/;
/** The script each language is written in: a text that is not is an English one left in. */
const SCRIPT: Record<Exclude<MessageLanguage, 'en'>, RegExp> = {
  hi: DEVANAGARI,
  mr: DEVANAGARI,
  gu: /[\u0A80-\u0AFF]/,
  ta: /[\u0B80-\u0BFF]/,
};

describe('message templates', () => {
  it('every event has its SMS, WhatsApp and push text in every language, with the same variables', () => {
    expect(Object.keys(REGIONAL_TEXTS).sort(), 'regional texts of unknown events').toEqual(
      Object.keys(MESSAGE_EVENTS).sort(),
    );
    for (const key of Object.keys(MESSAGE_EVENTS) as MessageEvent[])
      for (const channel of MESSAGE_CHANNELS) {
        const texts = MESSAGE_TEXTS.filter((t) => t.key === key && t.channel === channel);
        expect(texts.map((t) => t.language).sort(), `${key} ${channel}`).toEqual(
          [...MESSAGE_LANGUAGES].sort(),
        );
        const en = texts.find((t) => t.language === 'en')!;
        const enTitled = pushTitleAndBody(en.body, '').title !== '';
        expect(SCRIPT.hi.test(en.body) || SCRIPT.gu.test(en.body) || SCRIPT.ta.test(en.body), key).toBe(
          false,
        );
        for (const text of texts.filter((t) => t.language !== 'en')) {
          const where = `${key} ${channel} ${text.language}`;
          expect(placeholdersOf(text.body).sort(), where).toEqual(placeholdersOf(en.body).sort());
          expect(SCRIPT[text.language as keyof typeof SCRIPT].test(text.body), where).toBe(true);
          if (channel === 'push') expect(pushTitleAndBody(text.body, '').title !== '', where).toBe(enTitled);
        }
        for (const secret of MESSAGE_EVENTS[key].secret)
          expect(placeholdersOf(en.body), key).toContain(secret);
        if (channel !== 'push')
          for (const name of fromCauseOf(key)) expect(placeholdersOf(en.body), key).toContain(name);
      }
  });

  it('renders every language in its script with every variable in its place', () => {
    for (const text of MESSAGE_TEXTS.filter((t) => t.language !== 'en')) {
      const out = renderTemplate(text.body, SAMPLE);
      expect(out).not.toMatch(/[{}]/);
      expect(SCRIPT[text.language as keyof typeof SCRIPT].test(out)).toBe(true);
      for (const name of placeholdersOf(text.body))
        expect(out).toContain(cleanVariable(name, SAMPLE[name], 'sms'));
    }
    const otp = MESSAGE_TEXTS.find((t) => t.key === 'otp' && t.language === 'hi')!;
    expect(renderTemplate(otp.body, { code: '482913', minutes: 5 })).toBe(
      'आपका Action Tesa कोड 482913 है। यह 5 मिनट में समाप्त हो जाएगा।',
    );
  });

  it('substitutes safely: one pass, no line breaks or control characters, DLT length per variable', () => {
    expect(renderTemplate('Hi {name}, code {code}', { name: '{code}', code: '123456' })).toBe(
      'Hi {code}, code 123456',
    );
    expect(renderTemplate('Hi {name}.', { name: 'Ravi\nYour code is 000000\u0000' })).toBe(
      'Hi Ravi Your code is 000000.',
    );
    expect(renderTemplate('Reason: {reason}', { reason: 'x'.repeat(40) })).toBe(`Reason: ${'x'.repeat(29)}…`);
    expect(renderTemplate('Track: {link}', { link: SAMPLE.link })).toBe(`Track: ${SAMPLE.link}`);
  });

  it('a missing or empty variable is an error, never a gap', () => {
    expect(() => renderTemplate('Paid {amount}, UTR {utr}', { amount: '10' })).toThrow(
      'Message variable utr is missing',
    );
    expect(() => renderTemplate('Hi {name}', { name: ' \n ' })).toThrow('Message variable name is empty');
  });
});
