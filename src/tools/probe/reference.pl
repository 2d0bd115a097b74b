#!/usr/bin/perl
# The probe's window on terra.snellman.net's own engine (github jsnell/terra-mystica), run in place from
# $SNELLMAN_SRC (shared/tools/snellman/setup.sh puts it there); none of its code is in this file.
#
# A persistent process: one JSON request per line on stdin,
#   {"rows": [raw log lines...], "candidates": [[row, ...], ...]}
# and one JSON reply per line on stdout,
#   {"prefix": null | "the error", "results": [{"error": ..., "state": {...}}, ...]}.
# The prefix is replayed once; each candidate (one or more `faction: commands` rows) then runs in a forked
# copy of the replayed game, so asking about a thousand rows costs one replay. Between two rows the engine
# closes a turn when the next row is another faction's, so the prefix's last row is closed (or not) in
# each copy according to the candidate that follows it, exactly as if the candidate had been in the log.
use strict;
use warnings;
use JSON;
use POSIX ();
use Digest::SHA qw(sha1_hex);

my $src = ($ENV{SNELLMAN_SRC} // ($ENV{TMPDIR} // '/tmp') . '/snellman-src') . '/src';
die "the reference engine is not at $src (run shared/tools/snellman/setup.sh)\n" unless -f "$src/tracker.pm";
unshift @INC, $src;
{
    local $SIG{__WARN__} = sub { };
    require tracker;
}

# snellman's maps by id (shared/maps/maps.json); the caller says where it is.
my $maps_file = $ENV{TM_MAPS_JSON} // '';

my $json = JSON->new->canonical(1);
my %maps;

sub map_terrain {
    my ($id) = @_;
    if (!%maps) {
        open my $fh, '<', $maps_file or die "cannot read $maps_file\n";
        local $/;
        for my $m (@{decode_json(<$fh>)->{maps}}) {
            $maps{$m->{id}} = { terrain => $m->{terrain} };
            # A "[2017 vp]" map hashes its terrain with the VP variant's name appended.
            $maps{sha1_hex("$m->{terrain} original_2017")} = { terrain => $m->{terrain}, vp => 'original_2017' };
        }
    }
    return $maps{$id} // die "unknown map $id\n";
}

# What the engine does between two rows: the turn of the row's faction ends when the next row is
# another faction's, then the game moves on to whatever comes next.
sub between_rows {
    my ($this, $next) = @_;
    my $acting = $terra_mystica::game{acting};
    my $faction = $this->[0] ? $acting->get_faction($this->[0]) : undef;
    if ($faction and ($next->[0] // '') ne $this->[0]) {
        $acting->maybe_advance_to_next_player($faction);
    }
    $acting->what_next();
}

sub run_command {
    my ($cmd) = @_;
    eval { terra_mystica::do_command($cmd->[0], $cmd->[1]); 1 } and return undef;
    my $e = $@;
    $e =~ s/\s+$//;
    return "Error in command '$cmd->[1]': $e";
}

sub numbers {
    my %g = %terra_mystica::game;
    my %factions;
    for my $f ($g{acting}->factions_in_order()) {
        next if $f->{dummy};
        my %n = map { ($_, 0 + ($f->{$_} // 0)) } qw(VP C W P P1 P2 P3 KEY FIRE WATER EARTH AIR);
        $n{buildings} = { map { ($_, 0 + ($f->{buildings}{$_}{level} // 0)) } qw(D TP TE SH SA) };
        $n{ship} = 0 + ($f->{ship}{level} // 0);
        $n{dig} = 0 + ($f->{dig}{level} // 0);
        $n{tiles} = [ sort grep { /^(BON|FAV|TW)\d+$/ and $f->{$_} } keys %$f ];
        $n{passed} = $f->{passed} ? JSON::true : JSON::false;
        $factions{$f->{name}} = \%n;
    }
    my %hexes;
    for my $hex (keys %terra_mystica::map) {
        my $h = $terra_mystica::map{$hex};
        next if ref $h ne "HASH" or !exists $h->{color} or $hex !~ /^[A-Z]\d+$/;
        $hexes{$hex} = [ $h->{color} // '', $h->{building} // '', ($h->{town} ? JSON::true : JSON::false) ];
    }
    return {
        factions => \%factions,
        hexes => \%hexes,
        bridges => [ sort map { join ':', sort($_->{from}, $_->{to}) } @{$g{bridges}} ],
        round => 0 + $g{round},
        finished => $g{finished} ? JSON::true : JSON::false,
        active => $g{acting}->active_faction_name(),
        waiting => [ map { "$_->{type} " . ($_->{faction} // '') } grep { ref } @{$g{acting}->action_required()} ],
    };
}

# In a forked copy: the candidate's rows after the prefix's last command.
sub try_candidate {
    my ($last, $rows) = @_;
    my @cmds = map { terra_mystica::clean_commands($_) } @$rows;
    @cmds = terra_mystica::rewrite_stream(@cmds);
    return { error => 'no command' } if !@cmds;
    between_rows($last, $cmds[0]) if $last;
    for my $i (0 .. $#cmds) {
        return { error => 'the game was over before this row' } if $terra_mystica::game{finished};
        my $err = run_command($cmds[$i]);
        return { error => $err } if $err;
        between_rows($cmds[$i], $cmds[$i + 1]);
    }
    return { error => undef, state => numbers() };
}

sub ask {
    my ($candidates, $last) = @_;
    my @results;
    for my $rows (@$candidates) {
        pipe(my $r, my $w) or die "pipe: $!\n";
        my $pid = fork // die "fork: $!\n";
        if (!$pid) {
            close $r;
            my $res = eval { try_candidate($last, $rows) } // { error => "driver: $@" };
            print {$w} $json->encode($res);
            close $w;
            POSIX::_exit(0);
        }
        close $w;
        my $text = do { local $/; <$r> };
        close $r;
        waitpid $pid, 0;
        push @results, $text ? decode_json($text) : { error => 'driver: the copy died' };
    }
    return \@results;
}

my ($reply, $candidates);

# Stands in for the engine's own row loop while evaluate_game replays a prefix: every row but the
# last is played and closed as the engine does, then each candidate is asked in a copy.
sub replay_then_ask {
    my ($stream) = @_;
    for my $i (0 .. $#$stream) {
        my $err = run_command($stream->[$i]);
        if ($err) {
            $reply->{prefix} = $err;
            return 0;
        }
        last if $i == $#$stream;
        between_rows($stream->[$i], $stream->[$i + 1]);
        if ($terra_mystica::game{finished}) {
            $reply->{prefix} = 'the game ended before the last row';
            return 0;
        }
    }
    $reply->{results} = ask($candidates, $stream->[-1]);
    $reply->{before} = numbers() if $ENV{PROBE_BEFORE};
    return 0;
}

{
    no warnings qw(redefine once);
    *terra_mystica::play = \&replay_then_ask;
}

$| = 1;
while (my $line = <STDIN>) {
    next if $line !~ /\S/;
    my $req = decode_json($line);
    $candidates = $req->{candidates};
    $reply = { prefix => undef, results => [] };
    my %metadata = (game_options => []);
    eval {
        local $SIG{__WARN__} = sub { };
        for (@{$req->{rows}}) {
            next if !/^\s*map (\S+)\s*$/i or lc $1 eq 'original';
            my $m = map_terrain($1);
            $metadata{base_map} = [ split /\s+/, $m->{terrain} ];
            $metadata{map_variant} = $1;
            $metadata{vp_variant} = $m->{vp} if $m->{vp};
        }
        my $res = terra_mystica::evaluate_game({
            rows => $req->{rows},
            faction_info => {},
            players => [],
            metadata => \%metadata,
            delete_email => 1,
        });
        $reply->{prefix} //= join ' ', @{$res->{error}} if @{$res->{error}} and !@{$reply->{results}};
        1;
    } or $reply->{prefix} = "driver: $@";
    print $json->encode($reply), "\n";
}
