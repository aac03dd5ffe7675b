import { casServiceUrl, type LoginInspection } from '../../api/auth';
import { PlainButton } from '../../components/plain';
import { rememberSsoRedirect } from './ssoRedirect';

/** The CAS login address with our service URL, unless the server already put one in. */
export function casLoginHref(loginUrl: string, origin = window.location.origin): string {
  const url = new URL(loginUrl, origin);
  if (!url.searchParams.has('service')) url.searchParams.set('service', casServiceUrl(origin));
  return url.toString();
}

/**
 * A provider's authorize address (/thirdLogin/authorize/<code>), carrying the in-app page to
 * return to as `returnTo`; the server sends the browser back to /login?thirdLoginId=…&redirect=….
 */
export function oauthHref(authorizeUrl: string, redirect: string | null, origin = window.location.origin): string {
  const url = new URL(authorizeUrl, origin);
  if (redirect && !url.searchParams.has('returnTo')) url.searchParams.set('returnTo', redirect);
  return url.origin === origin ? url.pathname + url.search : url.toString();
}

interface ExternalSignInProps {
  extra: LoginInspection['extra'] | undefined;
  /** The `redirect` query of the login page (already checked by safeRedirect). */
  redirect: string | null;
  disabled?: boolean;
}

/** 统一身份认证登录 (CAS) and one button per configured third-party provider; nothing when none is set up. */
export function ExternalSignIn({ extra, redirect, disabled }: ExternalSignInProps) {
  const cas = extra?.cas?.enabled && extra.cas.loginUrl ? extra.cas.loginUrl : null;
  const providers = (extra?.oauthProviders ?? []).filter((p) => p && p.code && p.name && p.authorizeUrl);
  if (!cas && providers.length === 0) return null;

  return (
    <div className="dl-auth-external">
      <div className="dl-auth-divider">
        <span>其他登录方式</span>
      </div>
      <div className="dl-auth-external__buttons">
        {cas && (
          <PlainButton
            block
            icon="safetyCertificate"
            disabled={disabled}
            onClick={() => {
              rememberSsoRedirect(redirect);
              window.location.assign(casLoginHref(cas));
            }}
          >
            统一身份认证登录
          </PlainButton>
        )}
        {providers.map((provider) => (
          <PlainButton
            key={provider.code}
            block
            icon="login"
            disabled={disabled}
            onClick={() => window.location.assign(oauthHref(provider.authorizeUrl, redirect))}
          >
            {provider.name.endsWith('登录') ? provider.name : `${provider.name}登录`}
          </PlainButton>
        ))}
      </div>
    </div>
  );
}
