import { usePortalConfig } from '@cotton/sdk';

/** The centre's emblem (the same drawing as the favicon), in the current text colour. */
export function SiteEmblem({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 40 40" aria-hidden="true">
      <circle cx="20" cy="20" r="19" fill="currentColor" />
      <path d="M11 25.5c3.2-7.5 14.8-7.5 18 0" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M14.5 18.5c1.9-3.7 9.1-3.7 11 0" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="20" cy="12.5" r="2.2" fill="#fff" />
    </svg>
  );
}

/** The environment's name in red, shown whenever the portal is not production (spec §1). */
export function EnvLabel({ className }: { className?: string }) {
  const config = usePortalConfig();
  if (config.production || !config.envLabel) return null;
  return (
    <span className={className} data-testid="env-label">
      {config.envLabel}
    </span>
  );
}
