import type { Draft, DraftItem } from './draft.ts';

/** The widths the owner checks the home page at: a phone's and a desktop's. */
const WIDTHS = [
  { name: 'Phone', width: 390, scale: 0.6 },
  { name: 'Desktop', width: 1440, scale: 0.4 },
] as const;

const photoUrl = (photo: string) => `/images/${encodeURIComponent(photo)}?w=640`;

// what the last save found leading to nothing on sale is not shown; an unsaved item is shown as it will be
const showing = (items: DraftItem[]) => items.filter((item) => item.shown !== false && item.title.trim());

/**
 * The home page's top as shoppers see it, drawn from the form at a phone's and a desktop's width (scaled to
 * fit): the first slide, then the tiles, as many to a row as the shop puts there.
 */
export function WindowPreview({ draft }: { draft: Draft }) {
  const slide = showing(draft.slides)[0];
  const tiles = showing(draft.tiles);
  return (
    <div className="window-previews">
      {WIDTHS.map(({ name, width, scale }) => (
        <figure key={name} className="window-preview" style={{ width: width * scale }}>
          <figcaption>{`${name}, ${width} px`}</figcaption>
          <div
            className={`window-page${width < 600 ? ' is-narrow' : ''}`}
            style={{ width, zoom: scale }}
            aria-hidden="true"
          >
            {slide && (
              <div className="window-slide">
                <span>
                  <strong>{slide.title}</strong>
                  <span>{slide.text}</span>
                  <span className="window-cta">Shop now</span>
                </span>
                {slide.photo && <img src={photoUrl(slide.photo)} alt="" />}
              </div>
            )}
            {tiles.length > 0 ? (
              <ul className="window-tiles">
                {tiles.map((tile, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the owner's order
                  <li key={i}>
                    {tile.photo ? (
                      <img src={photoUrl(tile.photo)} alt="" />
                    ) : (
                      <span className="window-no-photo" />
                    )}
                    <span>{tile.title}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="window-built">One tile per genre on sale, then Crafts</p>
            )}
          </div>
        </figure>
      ))}
    </div>
  );
}
