import { describe, expect, it } from 'vitest';
import { creditReasonKey } from './credit-reasons';

describe('creditReasonKey', () => {
  it('names the ledger reasons the app writes and nothing else', () => {
    expect(creditReasonKey('welcome')).toBe('credits.reason_welcome');
    expect(creditReasonKey('message:42')).toBe('credits.reason_message');
    expect(creditReasonKey('dev_reset')).toBe('credits.reason_dev_reset');
    expect(creditReasonKey('message:')).toBe('credits.reason_misc');
    expect(creditReasonKey('purchase:popular')).toBe('credits.reason_purchase');
    expect(creditReasonKey('purchase:')).toBe('credits.reason_misc');
    expect(creditReasonKey('purchase:Popular!')).toBe('credits.reason_misc');
    expect(creditReasonKey('adjustment:Goodwill for a failed payment')).toBe('credits.reason_adjustment');
  });
});
