import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/shared/locales';
import { ALLOWED_VALUES, fieldValueLabelKey } from '~/shared/profile-fields';
import { profileFieldChoices } from './profile-field-choices';

describe('profileFieldChoices', () => {
  it('lists every allowed value of every field, in order, with a translated label in each locale', () => {
    for (const locale of LOCALES) {
      const choices = profileFieldChoices(locale);
      expect(Object.keys(choices), locale).toEqual(Object.keys(ALLOWED_VALUES));
      for (const [field, values] of Object.entries(ALLOWED_VALUES)) {
        expect(
          choices[field]!.map((choice) => choice.value),
          `${locale} ${field}`,
        ).toEqual([...values]);
        for (const { value, label } of choices[field]!) {
          expect(label, `${locale} ${field}.${value}`).not.toBe(fieldValueLabelKey(field, value));
          expect(label.trim(), `${locale} ${field}.${value}`).not.toBe('');
        }
      }
    }
  });

  it('labels gender with the gender texts and the optional fields with their own', () => {
    const german = profileFieldChoices('de');
    expect(german.gender).toEqual([
      { value: 'male', label: 'Mann' },
      { value: 'female', label: 'Frau' },
    ]);
    expect(german.smoking).toContainEqual({ value: 'no', label: 'Nichtraucher' });
    expect(profileFieldChoices('en').smoking).toContainEqual({ value: 'no', label: 'Non-smoker' });
  });
});
