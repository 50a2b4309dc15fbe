import { useStore } from '@nanostores/react';
import type { User } from '~/shared/contracts/profile';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import { $user } from '../../stores/session';
import { useT } from '../shell/use-t';
import { ProfileAboutMeForm } from './ProfileAboutMeForm';
import { ProfileBasicsForm } from './ProfileBasicsForm';
import { ProfileLocationForm } from './ProfileLocationForm';
import '~/styles/wizard.css';
import '~/styles/account-profile.css';

interface Props {
  locale: Locale;
  initialUser: User;
  countries: { code: string; name: string }[];
}

/**
 * docs/product.md §10 /profile: the member edits name, gender, date of birth and the optional
 * fields, about-me, and location, each section saved on its own with the signup rules.
 */
export default function ProfileEditor({ locale, initialUser, countries }: Props) {
  const t = useT(locale);
  const user = useStore($user) ?? initialUser;
  return (
    <>
      <ProfileBasicsForm t={t} user={user} localeTag={LOCALE_TAGS[locale].tag} />
      <ProfileAboutMeForm t={t} user={user} />
      <ProfileLocationForm t={t} user={user} countries={countries} />
    </>
  );
}
