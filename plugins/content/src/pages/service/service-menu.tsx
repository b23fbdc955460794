import { useState, type ReactNode } from 'react';
import type { CatalogNode } from '@cotton/sdk/contracts';
import styles from './style/menu.module.css';

export interface ServiceMenuProps {
  nodes: CatalogNode[];
  /** The selected entry's key (a catalogue code, or the complaint form's key). */
  selectedKey?: string;
  onSelect: (key: string) => void;
  /** Entries after the catalogue (投诉建议). */
  extra?: Array<{ key: string; title: string }>;
  /** Names the menu for assistive technology. */
  label: string;
}

/**
 * The service centre's catalogue menu: a vertical list, groups open (each can fold), the
 * selected entry marked. Plain elements with Arco's light menu look, not Arco's Menu, whose
 * mount cost the page's first render most of its time on a phone's CPU (issue 30).
 */
export function ServiceMenu({ nodes, selectedKey, onSelect, extra = [], label }: ServiceMenuProps) {
  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set());

  const item = (key: string, title: string, level: number): ReactNode => {
    const selected = key === selectedKey;
    return (
      <li key={key}>
        <button
          type="button"
          className={selected ? `${styles['menu-item']} ${styles['menu-item-selected']}` : styles['menu-item']}
          style={{ paddingLeft: 12 + level * 20 }}
          aria-current={selected ? 'page' : undefined}
          onClick={() => onSelect(key)}
          data-testid={`service-menu-${key}`}
        >
          {title}
        </button>
      </li>
    );
  };

  const render = (list: CatalogNode[], level: number): ReactNode =>
    list.map((node) => {
      if (node.children.length === 0) return item(node.code, node.title, level);
      const open = !folded.has(node.code);
      const id = `service-menu-group-${node.code}`;
      return (
        <li key={`group-${node.code}`}>
          <button
            type="button"
            className={styles['menu-group']}
            style={{ paddingLeft: 12 + level * 20 }}
            aria-expanded={open}
            aria-controls={id}
            onClick={() =>
              setFolded((current) => {
                const next = new Set(current);
                if (open) next.add(node.code);
                else next.delete(node.code);
                return next;
              })
            }
          >
            {node.title}
            <span className={open ? `${styles.arrow} ${styles['arrow-open']}` : styles.arrow} aria-hidden="true" />
          </button>
          {open ? (
            <ul id={id} className={styles.list}>
              {render(node.children, level + 1)}
            </ul>
          ) : null}
        </li>
      );
    });

  return (
    <nav className={styles.menu} aria-label={label} data-testid="service-menu">
      <ul className={styles.list}>
        {render(nodes, 0)}
        {extra.map((entry) => item(entry.key, entry.title, 0))}
      </ul>
    </nav>
  );
}
