import { Link } from 'react-router';
import { siteConfig } from '../../config/site';
import classes from './TopBar.module.css';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function Brand() {
  return (
    <Link to="/" className={classes.brand} aria-label={`${siteConfig.owner.name}, home`}>
      <span className={classes.brandMark} data-initials={initials(siteConfig.owner.name)} aria-hidden />
      <span>{siteConfig.owner.name}</span>
    </Link>
  );
}
