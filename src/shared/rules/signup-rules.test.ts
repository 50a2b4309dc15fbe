import { describe, expect, it } from 'vitest';
import { emailRule, isEmailCheckable, isNameEqualToEmail, nameFromEmail, nameRule, passwordRule } from './signup-rules';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('docs/product.md §5 e-mail rule', () => {
  it('accepts and lower-cases a valid address', () => {
    expect(emailRule.parse('  Anna@Example.COM ')).toBe('anna@example.com');
  });
  it.each(['anna', 'anna@', '@example.com', 'anna@example', 'a b@example.com'])('rejects %s', (value) => {
    expect(messages(emailRule.safeParse(value))).toContain('validation.email');
  });
  it('requires a value', () => {
    expect(messages(emailRule.safeParse(''))).toEqual(['validation.required']);
  });
});

describe('docs/product.md §5 name rule', () => {
  it('requires 1–150 characters', () => {
    expect(messages(nameRule.safeParse(' '))).toEqual(['validation.required']);
    expect(nameRule.safeParse('x'.repeat(150)).success).toBe(true);
    expect(messages(nameRule.safeParse('x'.repeat(151)))).toEqual(['validation.max_length']);
  });
  it('must not start with @', () => {
    expect(messages(nameRule.safeParse('@anna'))).toEqual(['signup.name_starts_with_at']);
  });
  it('detects a name equal to the e-mail', () => {
    expect(isNameEqualToEmail('Anna@example.com', 'anna@example.com')).toBe(true);
    expect(isNameEqualToEmail('Anna', 'anna@example.com')).toBe(false);
  });
});

describe('docs/product.md §5 password rule', () => {
  it('must not be empty and has a minimum length', () => {
    expect(messages(passwordRule.safeParse(''))).toContain('validation.required');
    expect(messages(passwordRule.safeParse('abc'))).toEqual(['validation.min_length']);
    expect(passwordRule.safeParse('secret1').success).toBe(true);
  });
});

describe('e-mail helpers', () => {
  it('checks only values with @ and a dot', () => {
    expect(isEmailCheckable('anna@example')).toBe(false);
    expect(isEmailCheckable('anna@example.com')).toBe(true);
  });
  it('prefills a name from the local part', () => {
    expect(nameFromEmail('anna.maria@example.com')).toBe('anna maria');
  });
});
