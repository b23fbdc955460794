import { Alert, Spin, Tabs } from '@arco-design/web-react';
import { callPath, renderTabListHeader, usePortalConfig } from '@cotton/sdk';
import { loginCalls } from '@cotton/sdk/calls';
import { loginErrorMessage } from '@cotton/sdk/validators';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSessionController } from '../context';
import { useLoginAgreement } from './Agreement';
import { thirdLoginUser, validateLogin, type LoginResult } from './api';
import { LOGIN_TEXT } from './locale';
import { LoginForm } from './LoginForm';
import { notifyLoginFailed } from './notify';
import { PhoneLoginForm } from './PhoneLoginForm';
import styles from './login.module.css';
import { EnvLabel, SiteEmblem } from '../../components/SiteBrand';

/**
 * `/login` (spec §2): account login (business code, username, password, slider), phone
 * login, third-party buttons, the agreement, registration link, copyright and filing
 * number. Also finishes CAS (`?casLogin=1`) and third-party (`?thirdLoginId=`) logins and
 * shows their errors (`?casError=`, `?thirdLoginError=`).
 */
export function LoginPage() {
  const controller = useSessionController();
  const config = usePortalConfig();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const thirdLoginId = params.get('thirdLoginId');
  const casLogin = params.get('casLogin') === '1';
  // Only the server's own messages, chosen by code: the address is anyone's to write.
  const loginError = loginErrorMessage(params.get('casError') || params.get('thirdLoginError'));
  const agreement = useLoginAgreement();
  const [finishing, setFinishing] = useState(Boolean(thirdLoginId) || casLogin);
  const started = useRef(false);
  const providers = config.thirdLoginProviders ?? [];

  const onLoggedIn = useCallback(
    (result: LoginResult, target: string) => controller.completeLogin(result, target),
    [controller],
  );

  useEffect(() => {
    // Once per visit, StrictMode's second run included: a login ticket works only once.
    if (started.current || (!thirdLoginId && !casLogin)) return;
    started.current = true;
    (thirdLoginId ? thirdLoginUser(thirdLoginId) : validateLogin())
      .then((result) => controller.completeLogin(result, redirect ?? '/'))
      .then(
        (done) => {
          if (!done) setFinishing(false);
        },
        (error: unknown) => {
          notifyLoginFailed(error);
          setFinishing(false);
        },
      );
  }, [thirdLoginId, casLogin, redirect, controller]);

  return (
    <div className={styles.page} data-testid="login-page">
      <header className={styles.topbar}>
        <Link to="/home" className={styles.brand}>
          <SiteEmblem className={styles.emblem} />
          <span className={styles.siteName}>{config.siteName}</span>
        </Link>
        <EnvLabel className={styles.envLabel} />
      </header>
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="login-title">
          <h1 id="login-title" className={styles.title}>
            {LOGIN_TEXT.title}
          </h1>
          {loginError ? (
            <Alert type="error" className={styles.alert} content={loginError} data-testid="login-error" />
          ) : null}
          <Spin loading={finishing} block>
            {/* The tab not shown is invisible, so out of the Tab order too (login.module.css). */}
            <Tabs defaultActiveTab="account" className={styles.tabs} renderTabHeader={renderTabListHeader}>
              <Tabs.TabPane key="account" title={LOGIN_TEXT.accountTab}>
                <LoginForm redirect={redirect} agreement={agreement} onLoggedIn={onLoggedIn} />
              </Tabs.TabPane>
              {config.phoneLogin ? (
                <Tabs.TabPane key="phone" title={LOGIN_TEXT.phoneTab}>
                  <PhoneLoginForm redirect={redirect} agreement={agreement} onLoggedIn={onLoggedIn} />
                </Tabs.TabPane>
              ) : null}
            </Tabs>
          </Spin>
          <div className={styles.register}>
            <Link to="/register" data-testid="login-register">
              {LOGIN_TEXT.register}
            </Link>
          </div>
          {providers.length > 0 ? (
            <div className={styles.thirdLogin} data-testid="third-login">
              <span className={styles.thirdLoginTitle}>{LOGIN_TEXT.thirdLogin}</span>
              {providers.map((provider) => (
                <a
                  key={provider.id}
                  href={`${callPath(loginCalls.thirdRender, { provider: provider.id })}${agreement.agreed ? '?agreed=1' : ''}`}
                  onClick={(event) => {
                    if (!agreement.ensure()) event.preventDefault();
                  }}
                  className={styles.thirdLoginButton}
                >
                  {provider.name}
                </a>
              ))}
            </div>
          ) : null}
        </section>
      </main>
      <footer className={styles.footer} data-testid="login-footer">
        {config.copyright ? <span>{config.copyright}</span> : null}
        {config.filingNumber ? <span>{config.filingNumber}</span> : null}
      </footer>
    </div>
  );
}
