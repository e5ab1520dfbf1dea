import { contentAppEndpoints } from '@app/contract/content-media';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, memberFileUrl } from '../api';
import { useLoad } from '../ui';

const loadBanners = () => call(contentAppEndpoints.banners);

/** One banner: its image fetched with the member token (the image is member-only). */
function Banner({ title, imageUrl, linkUrl }: { title: string; imageUrl: string; linkUrl: string | null }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    memberFileUrl(imageUrl)
      .then((u) => {
        url = u;
        if (live) setSrc(u);
        else URL.revokeObjectURL(u);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [imageUrl]);
  const picture = src ? (
    <img src={src} alt={title} />
  ) : (
    <span className="banner-title" translate="no">
      {title}
    </span>
  );
  return (
    <li>
      {linkUrl ? (
        <a href={linkUrl} target="_blank" rel="noreferrer">
          {picture}
        </a>
      ) : (
        picture
      )}
    </li>
  );
}

/** Today's banners for the member's type and state, on Home; none today shows nothing. */
export function Banners() {
  const { t } = useTranslation();
  const { data, error, reload } = useLoad(loadBanners);
  if (error)
    return (
      <div className="notice bad" role="alert">
        <p>{t('banners.failed')}</p>
        <button type="button" onClick={reload}>
          {t('retry')}
        </button>
      </div>
    );
  if (!data?.length) return null;
  return (
    <section aria-label={t('banners.title')}>
      <ul className="banners">
        {data.map((b) => (
          <Banner key={b.id} title={b.title} imageUrl={b.imageUrl} linkUrl={b.linkUrl} />
        ))}
      </ul>
    </section>
  );
}
