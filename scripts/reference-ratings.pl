#!/usr/bin/perl
# Runs terra.snellman.net's own rating code over a results file (docs/league.md), for checking
# `npm run ratings` against the reference. None of the reference's code is here: it is loaded from the
# copy /work/shared/tools/snellman/setup.sh extracts (SNELLMAN_SRC, default $TMPDIR/snellman-src).
#
#   perl scripts/reference-ratings.pl RESULTS.json > reference.json
#
# The driver does what the reference's database layer would: one game record per result with its
# factions, then the reference's Analyze::RatingData::handle_game (which game is rated, the pairs in
# VP order) and Analyze::ELO::compute_elo (the ratings), with every player in the output.
use strict;
use warnings;
use JSON;
use Time::Local qw(timegm);

my $src = $ENV{SNELLMAN_SRC} // (($ENV{TMPDIR} // '/tmp') . '/snellman-src');
die "no reference copy at $src: run /work/shared/tools/snellman/setup.sh\n" unless -f "$src/src/Analyze/ELO.pm";
unshift @INC, "$src/src";

# RatingData.pm imports the database layer for reading results, which this driver does itself.
BEGIN { $INC{'DB/Game.pm'} = 'driver'; }
require Analyze::ELO;
require Analyze::RatingData;

# A hash that lists its values in insertion order: the game's own seat order, which the reference's
# VP sort keeps for equal VP (its database returns them in some order; this makes the order the file's).
package OrderedHash {
    sub TIEHASH { bless { keys => [], values => {} }, shift }
    sub STORE {
        my ($self, $key, $value) = @_;
        push @{ $self->{keys} }, $key unless exists $self->{values}{$key};
        $self->{values}{$key} = $value;
    }
    sub FETCH { $_[0]{values}{ $_[1] } }
    sub EXISTS { exists $_[0]{values}{ $_[1] } }
    sub FIRSTKEY { $_[0]{at} = 0; $_[0]{keys}[0] }
    sub NEXTKEY { $_[0]{keys}[ ++$_[0]{at} ] }
    sub SCALAR { scalar @{ $_[0]{keys} } }
}

# Finishing time as a string that sorts as the time does (the reference compares them with cmp).
sub sortable_time {
    my ($iso) = @_;
    my ($y, $mo, $d, $h, $mi, $s, $frac, $zone) =
        $iso =~ /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/
        or die "bad finishedAt $iso\n";
    my $epoch = timegm($s, $mi, $h, $d, $mo - 1, $y);
    if ($zone ne 'Z') {
        my ($sign, $zh, $zm) = $zone =~ /^([+-])(\d\d):(\d\d)$/;
        $epoch -= ($sign eq '+' ? 1 : -1) * ($zh * 3600 + $zm * 60);
    }
    my $ms = substr(($frac // '') . '000', 0, 3);
    return sprintf('%015d', $epoch * 1000 + $ms);
}

my $file = shift @ARGV or die "usage: perl scripts/reference-ratings.pl RESULTS.json\n";
open my $fh, '<', $file or die "$file: $!\n";
my $games = decode_json(do { local $/; <$fh> });

my (@matches, %players, %factions);
for my $game (@$games) {
    # Games with an AI seat are not rated (the reference has none); the rest is the reference's call.
    next if grep { $_->{ai} } @{ $game->{factions} };
    tie my %seats, 'OrderedHash';
    for my $f (@{ $game->{factions} }) {
        $seats{ $f->{faction} } = {
            faction => $f->{faction},
            vp => $f->{vp},
            dropped => $f->{dropped} ? 1 : 0,
            id_hash => $f->{player},
            username => $f->{player},
            base_map => $game->{map},
        };
    }
    my $record = {
        id => $game->{id},
        last_update => sortable_time($game->{finishedAt}),
        base_map => $game->{map},
        factions => \%seats,
    };
    Analyze::RatingData::handle_game($record, \@matches, \%players, \%factions);
}

my $elo = Analyze::ELO::compute_elo(
    { players => \%players, factions => \%factions, results => \@matches },
    { min_output_games => 0 },
);
my $out = { players => {}, factions => {} };
for my $p (values %{ $elo->{players} }) {
    $out->{players}{ $p->{username} } = {
        rating => 0 + $p->{score},
        games => 0 + $p->{games},
        ($p->{games} < 5 ? (provisional => JSON::true) : ()),
    };
}
for my $key (keys %{ $elo->{factions} }) {
    my $f = $elo->{factions}{$key};
    $out->{factions}{$key} = { rating => 0 + $f->{score}, games => 0 + $f->{games} };
}
print JSON->new->canonical->pretty->encode($out);
