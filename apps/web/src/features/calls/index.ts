/** What the rest of the app uses of calls: the shell's global listener and Call Now for the model profile. */
export { CallCenter } from './live/CallCenter';
export { CallNowButton } from './components/CallNowButton';
export type { CallableModel } from './lib/callNow';
