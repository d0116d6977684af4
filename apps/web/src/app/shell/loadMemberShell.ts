import { lazy } from 'react';
import type * as MemberShellModule from './MemberShell';

type MemberShell = typeof MemberShellModule;

let loading: Promise<MemberShell> | null = null;

/**
 * The signed-in part of the shell (MemberShell.tsx), fetched once. Started as early as a session is
 * likely (a cookie at start-up, a sign-in on its way) so it is there when the member is known.
 */
export function loadMemberShell(): Promise<MemberShell> {
  loading ??= import('./MemberShell').catch((error: unknown) => {
    // A failed download (network) is tried again the next time it is needed.
    loading = null;
    throw error;
  });
  return loading;
}

const part = <K extends keyof MemberShell>(name: K) => lazy(() => loadMemberShell().then((shell) => ({ default: shell[name] })));

export const MemberLive = part('MemberLive');
export const MemberNavLink = part('MemberNavLink');
export const MemberLiveControls = part('MemberLiveControls');
