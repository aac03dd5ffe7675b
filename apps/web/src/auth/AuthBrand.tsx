import { Link } from 'react-router';

/** The product name above the sign-in and registration cards; links back to the portal. */
export function AuthBrand({ subtitle }: { subtitle: string }) {
  return (
    <div className="dl-auth-brand">
      <Link to="/">
        <img src="/favicon.svg" alt="" />
        <h1>蒲公英</h1>
      </Link>
      <p>{subtitle}</p>
    </div>
  );
}
