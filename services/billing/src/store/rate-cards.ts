import type { Collection, Db } from 'mongodb';
import { DEFAULT_RATES, type RateCard, type RatesInput } from '@brandradar/contracts';
import { isDuplicateKeyError } from '@brandradar/platform';

interface RateCardDoc extends RatesInput {
  _id: number; // the version: unique, so two publishers cannot both write version n
  effectiveAt: Date;
}

/** Versioned rate cards; the current card is the highest version. Version 1 is the contract's defaults. */
export class RateCardStore {
  private readonly cards: Collection<RateCardDoc>;

  constructor(db: Db) {
    this.cards = db.collection<RateCardDoc>('rate_cards');
  }

  async current(): Promise<RateCard> {
    const latest = await this.cards.find().sort({ _id: -1 }).limit(1).next();
    if (latest) return toRateCard(latest);
    await this.insertVersion(1, DEFAULT_RATES, new Date());
    return this.current();
  }

  /**
   * Publishes `rates` as the version after the current one. Two publishers may
   * both read version n; the unique `_id` lets only one write n+1, and the
   * other tries again on top of it, so versions are never shared or skipped.
   */
  async publish(rates: RatesInput, now: Date): Promise<RateCard> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const { version } = await this.current();
      const card = await this.insertVersion(version + 1, rates, now);
      if (card) return card;
    }
    throw new Error('rate cards: too much contention');
  }

  private async insertVersion(version: number, rates: RatesInput, now: Date): Promise<RateCard | null> {
    const doc: RateCardDoc = { _id: version, surfaces: rates.surfaces, workflowSteps: rates.workflowSteps, effectiveAt: now };
    try {
      await this.cards.insertOne(doc);
      return toRateCard(doc);
    } catch (e) {
      if (isDuplicateKeyError(e)) return null; // another replica wrote this version first
      throw e;
    }
  }
}

function toRateCard(doc: RateCardDoc): RateCard {
  return { version: doc._id, effectiveAt: doc.effectiveAt.toISOString(), surfaces: doc.surfaces, workflowSteps: doc.workflowSteps };
}
