import { Avatar, Card, Descriptions, Tag } from '@arco-design/web-react';
import { CHINA_TIME_LABEL, dash, formatDate } from '@cotton/sdk';
import type { AccountCenter, UserInfo } from '@cotton/sdk/contracts';
import { AvatarEditor } from './avatar-editor';
import type { AccountCenterLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

export interface ProfileCardProps {
  t: AccountCenterLocale;
  data: AccountCenter;
  /** After the avatar changed: the page reads the account again. */
  onAvatarSaved: (user: UserInfo) => void;
}

/** The signed-in user at a glance: name, account, enterprise, roles, contacts, last login. */
export function ProfileCard({ t, data, onAvatarSaved }: ProfileCardProps) {
  const { userInfo, roles, lastLoginAt } = data;
  const enterpriseName = data.enterprise?.name ?? userInfo.enterpriseName;
  const enterpriseCode = data.enterprise?.code ?? userInfo.enterpriseCode;
  const name = userInfo.realname || userInfo.nickName || userInfo.loginName;

  return (
    <Card className={styles.card} title={t['accountCenter.profile.title']} data-testid="account-profile">
      <div className={styles.profile}>
        <Avatar size={72} className={styles.avatar} data-testid="account-avatar">
          {userInfo.avatar ? <img src={userInfo.avatar} alt={name} /> : name.slice(0, 1)}
        </Avatar>
        <AvatarEditor t={t} user={userInfo} onSaved={onAvatarSaved} />
        <h3 className={styles.name} data-testid="account-profile-name">
          {name}
        </h3>
        <div className={styles['login-name']}>{userInfo.loginName}</div>
        <div className={styles.roles} data-testid="account-profile-roles">
          {roles.length > 0 ? (
            roles.map((role) => (
              <Tag key={role.code} color="arcoblue">
                {role.name}
              </Tag>
            ))
          ) : (
            <Tag>{t['accountCenter.profile.noRoles']}</Tag>
          )}
        </div>
      </div>
      <div className={styles.details}>
        <Descriptions
          column={1}
          labelStyle={{ width: 84 }}
          data={[
            { label: t['accountCenter.profile.loginName'], value: userInfo.loginName },
            { label: t['accountCenter.profile.enterprise'], value: dash(enterpriseName) },
            { label: t['accountCenter.profile.enterpriseCode'], value: dash(enterpriseCode) },
            { label: t['accountCenter.profile.phone'], value: dash(userInfo.phone) },
            { label: t['accountCenter.profile.email'], value: dash(userInfo.email) },
            {
              label: t['accountCenter.profile.lastLogin'],
              // China time, said so: a user elsewhere would read a bare time as their own.
              value: lastLoginAt ? (
                <span data-testid="account-last-login">
                  {formatDate(lastLoginAt, 'YYYY-MM-DD HH:mm:ss')}（{CHINA_TIME_LABEL}）
                </span>
              ) : (
                dash(null)
              ),
            },
          ]}
        />
      </div>
    </Card>
  );
}
