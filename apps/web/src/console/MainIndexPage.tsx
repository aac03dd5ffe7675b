import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@dandelion/shared';
import { hasConsole, useConsoleStore } from '../api/consoleStore';
import { PageLoading } from '../components/PageLoading';
import { landAfterSignIn, PORTAL_AFTER_LOGIN_PATH } from './afterSignIn';

/**
 * MAIN_INDEX_PATH (/project/display): the main page after sign-in. A signed-in user opening it lands
 * where signing in without a redirect lands: staff on the console home, portal users on their centre.
 */
export default function MainIndexPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { loaded, permissionList } = useConsoleStore.getState();
    if (loaded) void navigate(hasConsole(permissionList) ? HOME_PATH : PORTAL_AFTER_LOGIN_PATH, { replace: true });
    else void landAfterSignIn(null, navigate);
  }, [navigate]);
  return <PageLoading />;
}
