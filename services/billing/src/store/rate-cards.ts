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
    await this.insertVersion(1, DEFAULT_RATES);
    return this.current();
  }

  private async insertVersion(version: number, rates: RatesInput): Promise<boolean> {
    try {
      await this.cards.insertOne({ _id: version, surfaces: rates.surfaces, workflowSteps: rates.workflowSteps, effectiveAt: new Date() });
      return true;
    } catch (e) {
      if (isDuplicateKeyError(e)) return false; // another replica wrote this version first
      throw e;
    }
  }
}

function toRateCard(doc: RateCardDoc): RateCard {
  return { version: doc._id, effectiveAt: doc.effectiveAt.toISOString(), surfaces: doc.surfaces, workflowSteps: doc.workflowSteps };
}
