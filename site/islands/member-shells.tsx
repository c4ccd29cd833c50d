// The member pages' islands by shell island name, for site/pages.tsx: the shell renders the
// component on the server from the same props the client hydrates it with.
import type { ComponentType } from 'react';
import { Account } from './account';
import { Login } from './login';
import { MembershipChoose } from './membership-choose';
import { MembershipSignup } from './membership-signup';

const SHELLS: Record<string, ComponentType<any>> = {
  account: Account,
  login: Login,
  'membership-choose': MembershipChoose,
  'membership-signup': MembershipSignup,
};

export function memberShell(island: string): ComponentType<any> | null {
  return SHELLS[island] ?? null;
}
