import { LazySuspense, LightSpin, lazyPart } from '@cotton/sdk';
import type { RegisterFormProps } from './RegisterForm';
import styles from '../style/index.module.css';

type RegisterFormModule = typeof import('./RegisterForm');

let formModule: Promise<RegisterFormModule> | null = null;

/**
 * The registration form's module (a separate chunk of the plugin build, with the form's
 * Form, Upload, DatePicker… components): downloaded and run on first use, so that opening
 * 企业注册 (step 1) does not pay for step 2. Called early (a type chosen) to have it ready.
 */
export function loadRegisterForm(): Promise<RegisterFormModule> {
  if (!formModule) {
    formModule = import('./RegisterForm').catch((error: unknown) => {
      formModule = null;
      throw error;
    });
  }
  return formModule;
}

const LazyForm = lazyPart(() => loadRegisterForm().then((module) => module.RegisterForm), 'RegisterForm');

/** The registration form, loaded on demand (a spinner while its chunk arrives). */
export function LazyRegisterForm(props: RegisterFormProps) {
  return (
    <LazySuspense
      fallback={
        <div className={styles.loading}>
          <LightSpin tip="加载中…" />
        </div>
      }
    >
      <LazyForm {...props} />
    </LazySuspense>
  );
}
