import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * The store's state as features and shared code see it. It is empty here and filled in by
 * `app/store.ts` (module augmentation), so shared code and features get the real, typed state
 * without importing app/ (docs/architecture.md#boundaries).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by app/store.ts
export interface RootState {}

export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
