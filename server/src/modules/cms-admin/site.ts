import type { AdminSite, SaveSiteBody } from '@cotton/sdk/contracts';
import { trimmed } from '@cotton/sdk/validators';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { cmsSites } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { safeLinkUrl } from '../cms/sanitize';
import { resolveSite } from '../cms/service';
import { recordAudit } from '../shared/audit';
import { CMS_ADMIN_MESSAGES } from './shared';

// 内容管理 › 站点设置: the default site's name, display name, copyright, filing number, service
// phone, hotlines and friendly links (what the portal's header and footer show).

function toAdminSite(row: typeof cmsSites.$inferSelect): AdminSite {
  return {
    id: String(row.id),
    siteCode: row.code,
    name: row.name,
    displayName: row.displayName,
    copyright: row.copyright,
    filingNumber: row.filingNumber,
    servicePhone: row.servicePhone,
    hotlines: row.hotlines,
    friendlyLinks: row.friendlyLinks,
  };
}

/** The default site as 站点设置 edits it. */
export async function getSite(db: AppDatabase): Promise<AdminSite> {
  return toAdminSite(await resolveSite(db));
}

export async function updateSite(db: AppDatabase, request: FastifyRequest, body: SaveSiteBody): Promise<AdminSite> {
  const name = trimmed(body.name);
  const displayName = trimmed(body.displayName);
  if (name === '') throw new ApiError('400', CMS_ADMIN_MESSAGES.siteNameEmpty);
  if (displayName === '') throw new ApiError('400', CMS_ADMIN_MESSAGES.displayNameEmpty);
  const friendlyLinks = body.friendlyLinks.map((link) => {
    const url = safeLinkUrl(link.url);
    const title = trimmed(link.title);
    if (!url || title === '') throw new ApiError('400', `友情链接「${title || link.url}」的名称或地址不正确`);
    return { title, url };
  });
  const hotlines = body.hotlines.map((line) => {
    const label = trimmed(line.label);
    if (label === '') throw new ApiError('400', '请输入热线名称');
    return { label, phone: trimmed(line.phone) };
  });
  const fields = {
    name,
    displayName,
    copyright: trimmed(body.copyright),
    filingNumber: trimmed(body.filingNumber),
    servicePhone: trimmed(body.servicePhone),
    hotlines,
    friendlyLinks,
  };
  const site = await resolveSite(db);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(cmsSites).set(fields).where(eq(cmsSites.id, site.id)).returning();
    await recordAudit(tx, request, {
      action: 'cms.site.update',
      entity: 'cms_site',
      entityId: site.id,
      before: toAdminSite(site),
      after: toAdminSite(row),
    });
    return toAdminSite(row);
  });
}
