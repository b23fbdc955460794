export interface MenuIconProps {
  name: string | null;
  /** The init call's icons: 24×24 path data by name. */
  icons: ReadonlyArray<{ name: string; svgPath: string }>;
}

/** A menu icon drawn from the server's path data; nothing for an unknown name. */
export function MenuIcon({ name, icons }: MenuIconProps) {
  const icon = name ? icons.find((candidate) => candidate.name === name) : undefined;
  if (!icon) return null;
  return (
    <svg
      className="arco-icon"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      data-icon={icon.name}
    >
      <path d={icon.svgPath} />
    </svg>
  );
}
