import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../../../contract/paths.ts';
import { useDrawer } from '../components/useDrawer.ts';
import { useScrollLock } from '../components/useScrollLock.ts';
import { bagSentence, itemsText, useBagUnits } from './bag.ts';
import { type Segment, useCraftsOnSale, useSegments } from './catalogue.ts';
import { BagIcon, ChevronIcon, CloseIcon, HeartIcon, HomeIcon, MenuIcon, UserIcon } from './icons.tsx';
import { Logo } from './Logo.tsx';
import { SearchBox } from './SearchBox.tsx';
import { useSession } from './session.tsx';
import './Header.css';

/** Below this width the menu is a drawer behind the menu button (spec: menu shown by default at 550 px). */
const NARROW = '(max-width: 549.98px)';

export function Header() {
  const {
    narrow,
    open: menuOpen,
    setOpen: setMenuOpen,
    drawerOpen,
    ref: menuRef,
    id: menuId,
    close: closeMenu,
  } = useDrawer<HTMLDivElement>(NARROW);
  useScrollLock(drawerOpen);
  const units = useBagUnits();
  const said = useSpokenChange(units);

  // following any link in the menu closes the drawer
  const onMenuClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) closeMenu();
  };

  return (
    <header className="site-header">
      <div className="container header-inner">
        <div className="header-bar">
          <button
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon />
            <span className="visually-hidden">Menu</span>
          </button>
          <Logo />
          <SearchBox />
          {/* on phones the bar keeps the wishlist and the bag in reach; the menu holds the rest */}
          <div className="bar-links">
            <Link to={paths.wishlist()} className="bar-link">
              <HeartIcon />
              <span className="visually-hidden">Wishlist</span>
            </Link>
            <Link to={paths.checkout()} className="bar-link" aria-label={withUnits('Bag', units)}>
              <BagWithCount units={units} />
            </Link>
          </div>
        </div>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegation only; the links inside are the controls */}
        <div
          id={menuId}
          ref={menuRef}
          className={drawerOpen ? 'site-menu is-open' : 'site-menu'}
          onClick={onMenuClick}
        >
          <div className="menu-top">
            <Logo />
            <button type="button" className="menu-close" onClick={closeMenu}>
              <CloseIcon />
              <span className="visually-hidden">Close menu</span>
            </button>
          </div>
          <nav className="main-nav" aria-label="Main">
            <Categories narrow={narrow} />
            <UtilityLinks units={units} />
          </nav>
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      {drawerOpen && (
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer shortcut; Escape and the close button do the same by keyboard
        <div className="menu-overlay" onClick={closeMenu} />
      )}
    </header>
  );
}

function Categories({ narrow }: { narrow: boolean }) {
  const segments = useSegments();
  const crafts = useCraftsOnSale();
  const [expanded, setExpanded] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!listRef.current?.contains(event.target as Node)) setExpanded(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [expanded]);

  return (
    <ul
      ref={listRef}
      // hidden until the segments and the crafts are known, so nothing jumps sideways when they are
      className={segments && crafts !== undefined ? 'category-list' : 'category-list is-loading'}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && expanded && !narrow) setExpanded(null);
      }}
    >
      {segments?.map((segment) => (
        <SegmentItem
          key={segment.name}
          segment={segment}
          open={expanded === segment.name}
          onToggle={() => setExpanded((current) => (current === segment.name ? null : segment.name))}
          onHover={() => setExpanded((current) => (current && current !== segment.name ? null : current))}
          onFollow={() => setExpanded(null)}
        />
      ))}
      {crafts && (
        <li className="segment">
          <NavLink to={paths.accessories()} className="segment-link">
            CRAFTS
          </NavLink>
        </li>
      )}
    </ul>
  );
}

interface SegmentItemProps {
  segment: Segment;
  open: boolean;
  onToggle: () => void;
  onHover: () => void;
  onFollow: () => void;
}

function SegmentItem({ segment, open, onToggle, onHover, onFollow }: SegmentItemProps) {
  const panelId = useId();
  const label = segment.name.toUpperCase();
  return (
    <li className={open ? 'segment is-open' : 'segment'} onMouseEnter={onHover}>
      <button
        type="button"
        className="segment-link"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
      >
        {label}
        <ChevronIcon />
      </button>
      <div id={panelId} className="genre-panel">
        <p className="genre-panel-title" aria-hidden="true">
          {label}
        </p>
        <ul className="genre-list">
          {segment.genres.map((genre) => (
            <li key={genre}>
              <Link to={paths.listing(segment.name, genre)} onClick={onFollow}>
                {genre}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

/** The bag's sentence when its count changes on this page; nothing for the count the page opened with. */
function useSpokenChange(units: number | undefined): string {
  const [said, setSaid] = useState('');
  const last = useRef(units);
  useEffect(() => {
    if (last.current !== undefined && units !== undefined && units !== last.current) {
      setSaid(bagSentence(units));
    }
    last.current = units;
  }, [units]);
  return said;
}

/** The bag icon with the number of units on it (none when the bag is empty); the link's name says it. */
function BagWithCount({ units }: { units: number | undefined }) {
  return (
    <span className="bag-icon" data-units={units || undefined}>
      <BagIcon />
    </span>
  );
}

/** The bag link's name with the count: "CART, 3 items"; the name alone when the bag is empty. */
const withUnits = (name: string, units: number | undefined) =>
  units ? `${name}, ${itemsText(units)}` : name;

function UtilityLinks({ units }: { units: number | undefined }) {
  const { isLoggedIn, uname } = useSession();
  return (
    <ul className="utility-list">
      <li>
        <NavLink to={paths.home()} end className="utility-link">
          <HomeIcon />
          HOME
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.wishlist()} className="utility-link">
          <HeartIcon />
          WISHLIST
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.checkout()} className="utility-link" aria-label={withUnits('CART', units)}>
          <BagWithCount units={units} />
          CART
        </NavLink>
      </li>
      <li>
        {isLoggedIn ? (
          <NavLink to={paths.profile()} className="utility-link">
            <UserIcon />
            Hi, {uname}
          </NavLink>
        ) : (
          <NavLink to={paths.login()} className="utility-link">
            <UserIcon />
            LOGIN/ SIGNUP
          </NavLink>
        )}
      </li>
    </ul>
  );
}
