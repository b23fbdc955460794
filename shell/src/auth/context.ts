import { createContext, useContext } from 'react';
import type { SessionController } from './session';

export const SessionControllerContext = createContext<SessionController | null>(null);

export function useSessionController(): SessionController {
  const controller = useContext(SessionControllerContext);
  if (!controller) throw new Error('useSessionController: no SessionControllerContext.Provider above');
  return controller;
}
