/**
 * How 操作日志's detail names what an audit row holds (docs/architecture.md "Logs"): each module
 * that writes audit rows declares, for its entity, the words of its coded values (`status` '1'
 * → 运行中, a job type's name → its title) and, where one entity covers several kinds, the kind
 * of a record (a cms_content is a 文章 or a 轮播图). Declared when the module's routes are, read
 * by the log module — which imports no feature module.
 */
export interface AuditLabels {
  /** field → stored code → words. */
  values?: Record<string, Record<string, string>>;
  /** The record's kind in words, from its before / after picture; null: the entity's own label. */
  kindOf?: (record: Record<string, unknown>) => string | null;
}

const declared = new Map<string, AuditLabels>();

export function declareAuditLabels(entity: string, labels: AuditLabels): void {
  declared.set(entity, labels);
}

export function auditLabelsOf(entity: string): AuditLabels | undefined {
  return declared.get(entity);
}
